"""``python -m sudokit``: the same as the ``sudokit`` command."""

import sys

if __name__ == "__main__":
    # Ctrl-C while the package is still importing (before the CLI installs its own
    # handling) exits quietly with the shell's 130, not a traceback.
    try:
        from .cli import run
    except KeyboardInterrupt:
        sys.exit(130)
    run()
