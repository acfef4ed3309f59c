# SPDX-License-Identifier: GPL-2.0
#
# lb-rework: a classification-driven CFS load balancer for Linux 7.3,
# built as a patch series on Debian's linux-source-7.3 (with a backport to
# the 6.12 LTS tree) and tested in QEMU arm64 guests with asymmetric CPU
# capacities. "make help" lists the targets.

OUT      ?= $(CURDIR)/out
TOPO     ?= bl44
VARIANT  ?= rework
SCENARIO ?=
export OUT KSRC

S := scripts

.PHONY: help tools prepare apply build build-rework build-stock run bench hunt check profile \
	shell series series-check topo-check debug-check debug-run stress kunit \
	oracle fuzz \
	clean distclean

help:
	@echo "lb-rework: the reworked CFS load balancer and its lab"
	@echo
	@echo "  make run            the lab: every scenario, stock vs rework in one boot;"
	@echo "                      prints the table, writes out/report/index.html"
	@echo "  make check          every test; ends with 'N passed, N failed'"
	@echo
	@echo "  make run SCENARIO=f one scenario file (format: scenarios/README.md)"
	@echo "  make hunt           the defect hunt: generated scenarios, stock vs rework,"
	@echo "                      for HUNT_MIN minutes (default 30); flags, confirms"
	@echo "                      and shrinks; writes out/hunt/findings.md"
	@echo "  make bench          hackbench, perf bench and stress-ng in the x86_64"
	@echo "                      guest, stock against rework (benchmarks/*.bench)"
	@echo "  make profile        each arm's instructions per busiest-group search,"
	@echo "                      by kernel function, counted exactly by a QEMU plugin"
	@echo "                      (SCENARIO=cost-*.scen, PROFILE_CPUS=N: one level)"
	@echo "  make build          build both kernels (rework and stock)"
	@echo "  make shell TOPO=t   interactive console in a guest (VARIANT=rework|stock)"
	@echo "  make topo-check     boot every topology and check it"
	@echo "  make debug-check    the rework with lockdep, KASAN, UBSAN and the"
	@echo "                      debug checks: KUnit and the kselftests (TOPO=...)"
	@echo "  make debug-run      every scenario on that kernel (SCENARIO=...):"
	@echo "                      no splat, every run valid"
	@echo "  make stress         CPU hotplug, cpuset partitions and switch flips"
	@echo "                      under load, balance checked after each (TOPO=...,"
	@echo "                      STRESS_ARM=stock for stock's arm)"
	@echo "  make kunit          the KUnit suite on the host, in a second"
	@echo "  make oracle         the engine against the model of stock 7.3 on"
	@echo "                      SCENES generated scenes (default 1000000; host)"
	@echo "  make fuzz           libFuzzer, ASan and UBSan on the engine, RUNS"
	@echo "                      executions (default 10000000; host)"
	@echo "  make series         git format-patch the series into out/series/"
	@echo "  make series-check   apply out/series with git am and build every patch"
	@echo "  make prepare|apply  unpack the base tree / apply the series to it"
	@echo "  make clean          remove out/ (keeps the unpacked tree: distclean)"
	@echo
	@echo "  BASE=6.12 the LTS backport (default 7.3): its own tree, kernels and"
	@echo "            series under out/base-6.12/ (make series BASE=6.12)"
	@echo "  OUT=dir   build directory (default out/)"
	@echo "  KSRC=dir  apply the series to your own kernel git tree instead"
	@echo "  TOPO=     $$(ls topologies | sed 's/.topo//' | tr '\n' ' ')"

tools:
	@$(S)/need-tools.sh

prepare: tools
	@$(S)/stage.sh "prepare base tree" $(S)/build/prepare-tree.sh

apply: prepare
	@$(S)/stage.sh "apply series" $(S)/build/apply-series.sh

build-rework build-stock: apply
	@$(S)/stage.sh "build $(@:build-%=%) kernel" $(S)/build/build-kernel.sh $(@:build-%=%)

build: build-rework build-stock

# The arguments are checked before anything is fetched or built.
run:
	@$(S)/check-args.sh run $(SCENARIO)
	@$(MAKE) --no-print-directory build-rework
	@$(S)/lab/lab.sh $(SCENARIO)

# The benchmarks alone (make run without SCENARIO runs them too).
bench:
	@$(S)/check-args.sh bench
	@$(MAKE) --no-print-directory apply
	@$(S)/lab/bench.sh

# Where a search's instructions go, per arm (default cost-bl44).
profile:
	@$(S)/check-args.sh run $(SCENARIO)
	@$(MAKE) --no-print-directory build-rework
	@$(S)/lab/profile.sh $(SCENARIO)

# The hunt checks its settings (HUNT_*) before anything is built.
hunt:
	@$(S)/lab/hunt.sh --check
	@$(MAKE) --no-print-directory build-rework
	@$(S)/lab/hunt.sh

shell:
	@$(S)/check-args.sh shell $(TOPO)
	@$(MAKE) --no-print-directory build-$(VARIANT)
	@$(S)/guest/shell.sh $(TOPO) $(VARIANT)

topo-check: build-rework
	@$(S)/guest/topo-check.sh

# The arguments are checked before anything is fetched or built.
# TOPO defaults to bl44 for make shell; debug-check and stress take it
# only when given, and otherwise use their own default (bl44 and bl88).
DEBUG_TOPOS = $(if $(filter command line environment,$(origin TOPO)),$(TOPO))
debug-check:
	@$(S)/check-args.sh topos $(DEBUG_TOPOS)
	@$(MAKE) --no-print-directory apply
	@$(S)/guest/debug-check.sh $(DEBUG_TOPOS)

# Every scenario (or SCENARIO=...) on the debug kernel, both arms: no
# splat, every run valid; its expectations are not judged.
debug-run:
	@$(S)/check-args.sh run $(SCENARIO)
	@$(MAKE) --no-print-directory apply
	@LAB_VARIANT=debug $(S)/lab/lab.sh $(SCENARIO)

# Faults under load: the kselftest lb_faults whole (TOPO=..., default
# bl44 and bl88); STRESS_ARM=stock runs its steps on stock's arm.
stress:
	@$(S)/check-args.sh topos $(DEBUG_TOPOS)
	@case "$(STRESS_ARM)" in "" | rework | stock) ;; *) \
		echo "error: STRESS_ARM='$(STRESS_ARM)': known values are rework and stock" >&2; \
		exit 2 ;; esac
	@$(MAKE) --no-print-directory apply
	@STRESS_ARM=$(STRESS_ARM) $(S)/guest/stress.sh $(DEBUG_TOPOS)

series: apply
	@$(S)/stage.sh "format series" $(S)/series/series.sh

series-check: series build
	@$(S)/stage.sh "check series" $(S)/series/series-check.sh

# Host programs built from the engine as it is (tools/testing/sched_lb).
HOSTLB := $(MAKE) --no-print-directory -C tools/testing/sched_lb OUT=$(OUT)/host FUZZCC=clang-15

kunit:
	@mkdir -p $(OUT)/host
	@$(HOSTLB) run-kunit

oracle: tools
	@mkdir -p $(OUT)/host
	@$(HOSTLB) run-oracle $(if $(SCENES),SCENES=$(SCENES))

fuzz: tools
	@mkdir -p $(OUT)/host
	@$(HOSTLB) run-fuzz $(if $(RUNS),RUNS=$(RUNS))

check:
	@$(S)/check.sh

clean:
	rm -rf $(OUT)/build $(OUT)/runs $(OUT)/topo $(OUT)/guest $(OUT)/series

distclean:
	rm -rf $(OUT)
