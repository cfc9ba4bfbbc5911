"""``python -m sudokit``: the same as the ``sudokit`` command."""

from .cli import run

if __name__ == "__main__":
    run()
