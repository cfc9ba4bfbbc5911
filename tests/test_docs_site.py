"""The documentation site: the CLI reference is generated from the parsers and up to date,
every page is in the navigation, and the README's links resolve."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from sudokit.cli._reference import reference

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
pytestmark = pytest.mark.single_backend

if not (DOCS / "cli.md").is_file():  # an installed wheel without the repository around it
    pytest.skip("docs/ is not here", allow_module_level=True)


def test_cli_reference_is_generated_from_the_parsers() -> None:
    assert (DOCS / "cli.md").read_text(encoding="utf-8") == reference(), (
        "docs/cli.md is out of date: python -m sudokit.cli._reference > docs/cli.md"
    )


def test_cli_reference_names_every_option() -> None:
    from test_cli_vocabulary import subcommands

    page = (DOCS / "cli.md").read_text(encoding="utf-8")
    for name, parser in subcommands().items():
        section = page.split(f"## sudokit {name}\n", 1)[1].split("\n## ", 1)[0]
        for action in parser._actions:
            if action.help != "==SUPPRESS==" and action.option_strings and action.dest != "help":
                assert action.option_strings[-1] in section, (name, action.option_strings)


def test_every_page_is_in_the_navigation() -> None:
    config = (ROOT / "mkdocs.yml").read_text(encoding="utf-8")
    pages = {p.name for p in DOCS.glob("*.md")}
    listed = set(re.findall(r":\s*([\w-]+\.md)\s*$", config, re.M))
    assert pages == listed, pages ^ listed


def test_readme_links_resolve() -> None:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    links = re.findall(r"\]\(([^)#]+)(?:#[^)]*)?\)", text)
    assert any(link.startswith("docs/") for link in links)
    for link in links:
        if "://" not in link:
            assert (ROOT / link).exists(), link
