# Shared by the scripts that start Limma's processes.

# Start the django-q2 cluster in its own session, so a Ctrl-C at the terminal reaches only the
# script, which then stops the cluster by signalling its main process alone (signalling its
# workers too can leave the main process waiting for them forever). Sets $worker.
start_worker() {
  setsid .venv/bin/python manage.py qcluster &
  worker=$!
}

# Stop the cluster: SIGTERM to its main process, up to 30 s for a graceful stop, then SIGKILL
# to its whole process group.
stop_worker() {
  [ -n "${worker:-}" ] || return 0
  kill -TERM "$worker" 2>/dev/null || return 0
  for _ in $(seq 1 30); do
    kill -0 "$worker" 2>/dev/null || return 0
    sleep 1
  done
  kill -KILL -- "-$worker" 2>/dev/null || true
}
