"""The packages: the platform's (``vdcommerce/platform/*``), then the vendor modules' (``vdcommerce/modules/*``).

Each package declares itself in its ``etc/`` folder (webapi.xml, acl.xml, config.xml, events.xml,
sales.xml, extension_attributes.xml); importing it registers its services and tables, and once all
are imported the extension attributes they declare are added to the data objects they extend. Whoever reads a declaration file gets the
packages from here, in this order, and raises ``DeclarationError`` for a broken one (the service then
refuses to start, naming the file).
"""
from __future__ import annotations

import functools
import importlib
import importlib.util
import pkgutil
import xml.etree.ElementTree as ET
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable


class DeclarationError(Exception):
    """A package's declarations are wrong; the service refuses to start."""


@dataclass
class Package:
    name: str            # vdcommerce.modules.faq
    path: Path

    @property
    def short(self) -> str:
        return self.name.rsplit(".", 1)[-1]

    def etc(self, filename: str) -> Path | None:
        p = self.path / "etc" / filename
        return p if p.exists() else None


def discover_packages() -> list[Package]:
    """The platform's packages, the vendor modules, then the extra packages the settings name."""
    found = []
    for parent in ("vdcommerce.platform", "vdcommerce.modules"):
        mod = importlib.import_module(parent)
        for info in sorted(pkgutil.iter_modules(mod.__path__), key=lambda i: i.name):
            if info.ispkg:
                name = f"{parent}.{info.name}"
                found.append(Package(name, Path(mod.__path__[0]) / info.name))
    from ..settings import get_settings
    for name in filter(None, (n.strip() for n in get_settings().extra_packages.split(","))):
        try:
            spec = importlib.util.find_spec(name)
        except (ImportError, ValueError):
            spec = None
        if spec is None or not spec.submodule_search_locations:
            raise DeclarationError(f"VDC_EXTRA_PACKAGES: no package named {name!r}")
        found.append(Package(name, Path(list(spec.submodule_search_locations)[0])))
    return found


_ON_LOAD: list[Callable[[list[Package]], object]] = []


def on_load(work: Callable[[list[Package]], object]) -> Callable[[list[Package]], object]:
    """Register start-up work of a package that needs every package imported (reading a declaration
    file of all of them, compiling what it declares): it runs once per process, when the packages are
    first loaded, so a broken declaration stops start-up instead of failing a request."""
    _ON_LOAD.append(work)
    return work


@functools.cache
def _loaded() -> tuple[Package, ...]:
    packages = discover_packages()
    for p in packages:
        importlib.import_module(p.name)
    from . import extensions
    extensions.apply(packages)
    for work in _ON_LOAD:
        work(list(packages))
    return tuple(packages)


def load_packages() -> list[Package]:
    """Import every package (which registers its services and tables) and return them."""
    return list(_loaded())


def parse_xml(path: Path) -> ET.Element:
    try:
        return ET.parse(path).getroot()
    except ET.ParseError as e:
        raise DeclarationError(f"{path}: not well-formed XML: {e}") from None


def resolve(reference: str, where: str) -> object:
    """``package.module:Name`` (the form declarations use for classes and functions) -> the object."""
    module, _, attr = reference.partition(":")
    try:
        obj = importlib.import_module(module)
        for part in attr.split("."):
            obj = getattr(obj, part)
    except (ImportError, AttributeError, ValueError) as e:
        raise DeclarationError(f"{where}: cannot resolve {reference!r}: {e}") from None
    return obj


# --------------------------------------------------------------------------- config.xml

def read_config_defaults(packages: list[Package]) -> dict[str, str]:
    """``<config><default><section><group><field>value`` -> {"section/group/field": "value"}."""
    values: dict[str, str] = {}
    for package in packages:
        path = package.etc("config.xml")
        if path is None:
            continue
        default = parse_xml(path).find("default")
        if default is None:
            continue
        for section in default:
            for group in section:
                for fld in group:
                    values[f"{section.tag}/{group.tag}/{fld.tag}"] = (fld.text or "").strip()
    return values


@functools.cache
def declared_models(section: str) -> dict[str, object]:
    """Instances of the classes declared as ``<section>/<code>/model`` in the packages' config.xml
    defaults (carriers, payment methods: the platform's way of declaring them), by code, in
    declaration order; built once per process. Each instance gets its ``code``."""
    found: dict[str, object] = {}
    for path, ref in read_config_defaults(load_packages()).items():
        top, code, key = path.split("/")
        if top == section and key == "model":
            factory: Any = resolve(ref, f"{path}")
            instance = factory()
            instance.code = code
            found[code] = instance
    return found
