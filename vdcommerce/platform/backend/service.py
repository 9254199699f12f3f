"""GET /V1/modules: the enabled modules by their platform-style names.

A platform package names the platform modules it stands for in ``etc/module.xml``
(``<module name="Magento_Catalog"/>``, the platform's own file); a vendor module is named by the
namespace of the interfaces it serves (``Vendor\\Faq\\Api\\...`` -> ``Vendor_Faq``), else by the prefix
of its ACL resource ids (``Vendor_Faq::faq``), else by its package (``Vendor_Faq``). The list is worked
out once, when the packages are loaded.
"""
from __future__ import annotations

import re

from ...framework.context import Service
from ...framework.packages import DeclarationError, Package, on_load, parse_xml

_MODULE_NAME = re.compile(r"[A-Z][A-Za-z0-9]*_[A-Z][A-Za-z0-9]*\Z")
_NAMES: list[str] = []


def _vendor_name(package: Package) -> str:
    webapi = package.etc("webapi.xml")
    if webapi is not None:
        for service in parse_xml(webapi).iter("service"):
            parts = (service.get("class") or "").lstrip("\\").split("\\")
            if len(parts) > 2 and parts[0] != "Magento":
                return f"{parts[0]}_{parts[1]}"
    acl = package.etc("acl.xml")
    if acl is not None:
        for resource in parse_xml(acl).iter("resource"):
            rid = resource.get("id") or ""
            if "::" in rid and not rid.startswith("Magento_"):
                return rid.split("::", 1)[0]
    return "Vendor_" + package.short.title()


@on_load
def _read(packages: list[Package]) -> None:
    names: set[str] = set()
    for package in packages:
        declared = package.etc("module.xml")
        if declared is not None:
            for module in parse_xml(declared).iter("module"):
                name = module.get("name") or ""
                if not _MODULE_NAME.match(name):
                    raise DeclarationError(f"{declared}: a module needs a name such as Magento_Catalog, got {name!r}")
                names.add(name)
        elif not package.name.startswith("vdcommerce.platform."):
            names.add(_vendor_name(package))
    _NAMES[:] = sorted(names)


class ModuleService(Service):
    interface = "Magento\\Backend\\Service\\V1\\ModuleServiceInterface"
    summary = "The enabled modules"

    def get_modules(self) -> list[str]:
        return list(_NAMES)
