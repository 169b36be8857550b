"""How dlxcover is built: the dlx C library goes inside the package as
``dlxcover/_libdlx.so``, which ``_native.py`` loads through ctypes.

Two ways, one package:

* ``DLXCOVER_PREBUILT=/path/to/libdlx.so``: the library already built (by
  ``make``) is copied in, and no Rust toolchain is needed. ``make wheel``
  builds the release wheel this way (see the Makefile).
* otherwise (``pip install ./python``, or a source distribution):
  setuptools-rust builds the crate of the repository this folder sits in.
  That takes minutes; ``pip install -v`` shows cargo's progress.

Either way the wheel is tagged ``py3-none-<platform>``: the package has no
compiled Python extension (ctypes loads a plain C library), so one wheel
serves every Python 3 on its platform.
"""

import os
import shutil

from setuptools import Distribution, setup
from setuptools.command.build_py import build_py

try:  # setuptools 70.1 and later carry bdist_wheel themselves
    from setuptools.command.bdist_wheel import bdist_wheel
except ImportError:  # pragma: no cover - older setuptools with the wheel package
    from wheel.bdist_wheel import bdist_wheel

PREBUILT = os.environ.get("DLXCOVER_PREBUILT")


class build_py_with_library(build_py):
    """Copies the prebuilt library into the package being built."""

    def run(self):
        super().run()
        if not os.path.isfile(PREBUILT):
            raise SystemExit(f"DLXCOVER_PREBUILT={PREBUILT}: no such file (run make first)")
        target = os.path.join(self.build_lib, "dlxcover", "_libdlx.so")
        self.mkpath(os.path.dirname(target))
        shutil.copyfile(PREBUILT, target)


class PlatformDistribution(Distribution):
    """A distribution with a compiled part: installed to platlib, wheel tagged by platform."""

    def has_ext_modules(self):
        return True


class bdist_wheel_any_python(bdist_wheel):
    """A platform wheel for any Python 3 (the library is not a CPython extension)."""

    def get_tag(self):
        _, _, platform = super().get_tag()
        return "py3", "none", platform


if PREBUILT:
    setup(distclass=PlatformDistribution,
          cmdclass={"build_py": build_py_with_library, "bdist_wheel": bdist_wheel_any_python})
else:
    from setuptools_rust import Binding, RustExtension

    setup(
        cmdclass={"bdist_wheel": bdist_wheel_any_python},
        rust_extensions=[RustExtension("dlxcover._libdlx", path="../Cargo.toml", binding=Binding.NoBinding)],
    )
