"""Declares the optional C extension ``sudokit._core``; all metadata is in pyproject.toml.

Environment switches:
  SUDOKIT_PUREPYTHON=1  skip the C extension (the pure-Python twin is used)
  SUDOKIT_REQUIRE_C=1   a failed compile is an error instead of a warning
  SUDOKIT_SANITIZE=1    build with AddressSanitizer and UndefinedBehaviorSanitizer
"""

import os
import sys
from glob import glob

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext


def _flag(name: str) -> bool:
    return os.environ.get(name, "") not in ("", "0")


class OptionalBuildExt(build_ext):
    """Builds the extension, but lets the install go on without it unless C is required."""

    def finalize_options(self) -> None:
        super().finalize_options()
        if _flag("SUDOKIT_SANITIZE"):
            # Never reuse objects of a plain build (setuptools only compares timestamps).
            self.force = True
            self.build_temp = os.path.join(self.build_temp, "sanitize")

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:  # compiler missing, headers missing, ...
            self._fallback(exc)

    def build_extension(self, ext: Extension) -> None:
        try:
            super().build_extension(ext)
        except Exception as exc:
            self._fallback(exc)

    def _fallback(self, exc: BaseException) -> None:
        if _flag("SUDOKIT_REQUIRE_C"):
            raise exc
        if getattr(self, "_reported", False):
            return  # the first failure (the compiler's) is the one to report, not its follow-ups
        self._reported = True
        message = (
            f"sudokit's C extension could not be built ({exc}); "
            "installing the pure-Python backend instead (much slower)"
        )
        banner = "=" * 78
        sys.stderr.write(f"\n{banner}\nWARNING: {message}.\n{banner}\n\n")
        self._remember(message)

    def _remember(self, message: str) -> None:
        """Ship the reason with the package, so ``sudokit info`` can say why the twin runs."""
        # build_lib goes into the wheel; an editable install runs from src/ (setuptools
        # clears ``inplace`` while it compiles, so ``editable_mode`` tells the two apart).
        folders = [self.build_lib] + (["src"] if getattr(self, "editable_mode", False) else [])
        for folder in folders:
            try:
                os.makedirs(os.path.join(folder, "sudokit"), exist_ok=True)
                with open(os.path.join(folder, "sudokit", "_build_failed.txt"), "w", encoding="utf-8") as note:
                    note.write(message + "\n")
            except OSError:
                pass  # the warning above still said it


def _extensions() -> list:
    if _flag("SUDOKIT_PUREPYTHON"):
        return []
    compile_args = ["-O3", "-std=c11", "-Wall", "-Wextra", "-fno-strict-aliasing"]
    link_args: list = []
    if sys.platform == "win32":
        compile_args = ["/O2"]
    if _flag("SUDOKIT_SANITIZE"):
        san = ["-fsanitize=address,undefined", "-fno-omit-frame-pointer", "-fno-sanitize-recover=undefined"]
        compile_args = ["-O1", "-g", "-std=c11"] + san
        link_args = san
    sources = sorted(glob("csrc/*.c"))
    return [
        Extension(
            "sudokit._core",
            sources=sources,
            include_dirs=["csrc"],
            extra_compile_args=compile_args,
            extra_link_args=link_args,
            depends=sorted(glob("csrc/*.h")),
        )
    ]


setup(ext_modules=_extensions(), cmdclass={"build_ext": OptionalBuildExt})
