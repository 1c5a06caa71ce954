.PHONY: setup demo run test mutants local-model
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
