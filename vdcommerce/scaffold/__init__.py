"""``vdcommerce scaffold module NAME``: a working vendor module to start from.

The skeleton is the kit's one way, filled in for one plain record ("entity"): its data object, a
repository on the shared ``Repository``, its table and the first revision of its migration branch,
routes and ACL resources, demo data, a docs page, HTTP tests and a Postman collection. It passes the
suite as generated; the module's author then renames the entity and adds its fields.

The files are templates under ``scaffold/module/`` (``$name``, ``$Camel``, ``$title`` are replaced);
their paths say where each one goes, relative to the project's root.
"""
from __future__ import annotations

import keyword
import re
import string
from pathlib import Path

TEMPLATES = Path(__file__).resolve().parent / "module"
_NAME = re.compile(r"[a-z][a-z0-9_]{1,40}")


class ScaffoldError(Exception):
    """The module cannot be written as asked."""


def _values(name: str) -> dict[str, str]:
    words = name.split("_")
    return {"name": name, "Camel": "".join(w.capitalize() for w in words),
            "title": " ".join(w.capitalize() for w in words)}


def plan(name: str, root: Path) -> dict[Path, str]:
    """Every file of the new module (path -> text), without writing anything."""
    if not _NAME.fullmatch(name) or keyword.iskeyword(name) or name.endswith("_") or "__" in name:
        raise ScaffoldError(f"{name!r} is not a module name: use lowercase letters, digits and single "
                            "underscores, starting with a letter")
    values = _values(name)
    files: dict[Path, str] = {}
    for template in sorted(TEMPLATES.rglob("*.tmpl")):
        relative = string.Template(str(template.relative_to(TEMPLATES))[:-len(".tmpl")]).substitute(values)
        files[root / relative] = string.Template(template.read_text()).substitute(values)
    return files


def scaffold_module(name: str, root: Path) -> list[Path]:
    """Write the module's files under ``root``; refuse when the module or any of its files exists."""
    files = plan(name, root)
    if (root / "vdcommerce" / "modules" / name).exists():
        raise ScaffoldError(f"vdcommerce/modules/{name} exists already")
    taken = [p for p in files if p.exists()]
    if taken:
        raise ScaffoldError(f"{taken[0]} exists already")
    for path, text in files.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text)
    return list(files)
