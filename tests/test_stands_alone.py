"""The repository stands alone: nothing in it reads or points at the team's shared folder beside it."""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_nothing_points_outside_the_repository() -> None:
    files = subprocess.run(["git", "ls-files"], cwd=ROOT, capture_output=True, text=True,
                           check=True).stdout.split()
    needle = "../" + "shared"
    hits = [f for f in files if Path(ROOT, f).is_file() and f.endswith((".py", ".md", ".yaml", ".toml", ".cfg", ".txt", "Makefile", ".json"))
            and needle in Path(ROOT, f).read_text(encoding="utf-8", errors="replace")]
    assert hits == []


def _slug(heading: str) -> str:
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces to dashes."""
    return re.sub(r"[^\w\- ]", "", heading.strip().lower()).replace(" ", "-")


def test_every_link_in_the_readme_and_docs_stays_in_the_repository_and_leads_somewhere() -> None:
    docs = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
    bad = []
    for doc in docs:
        text = doc.read_text(encoding="utf-8")
        prose = re.sub(r"^```.*?^```", "", text, flags=re.M | re.S)  # links in code blocks are not links
        for target in re.findall(r"\]\(([^)\s]+)\)", prose):
            path, _, anchor = target.partition("#")
            if re.match(r"https?://", path):
                continue  # a public page cited (provenance), not a file the reader must have beside the clone
            if re.match(r"[a-z]+:", path):
                bad.append(f"{doc.name}: {target} (outside the repository)")
                continue
            file = (doc.parent / path).resolve() if path else doc
            if not file.is_relative_to(ROOT) or not file.exists():
                bad.append(f"{doc.name}: {target} (no such file in the repository)")
            elif anchor and file.suffix == ".md":
                headings = re.sub(r"^```.*?^```", "", file.read_text(encoding="utf-8"), flags=re.M | re.S)
                if anchor not in {_slug(h) for h in re.findall(r"^#+ (.*)$", headings, re.M)}:
                    bad.append(f"{doc.name}: {target} (no such heading)")
    assert bad == []
