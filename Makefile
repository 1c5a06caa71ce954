.PHONY: setup run test
setup:
	scripts/setup
run:
	scripts/run
test:
	scripts/test
