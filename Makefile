.PHONY: setup demo run test
setup:
	scripts/setup
demo:
	scripts/demo
run:
	scripts/run
test:
	scripts/test
