.PHONY: setup demo run test mutants local-model mcp
setup:
	scripts/setup
demo:
	scripts/demo
run:
	scripts/run
test:
	scripts/test
mutants:
	scripts/setup
	scripts/mutants $(ARGS)
local-model:
	scripts/local-model
mcp:
	@scripts/on-demo check --fail-level ERROR >/dev/null
	@echo "Its key (Authorization: Bearer): $$(cat $${LIMMA_DEMO_DIR:-var/demo}/agent_key)"
	@scripts/on-demo mcp_server --transport streamable-http --port $${PORT:-8765}
