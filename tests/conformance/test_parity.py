"""Parity of the served schema with the platform's published admin REST schema 2.4.7.

``tests/reference/platform-2.4.7.json`` is that schema (paths, parameters, definitions). For every
operation of the reference that vdcommerce serves (same path and method, in the Swagger 2.0 documents
it gives an admin, a customer and a guest), the parameters, the result and every definition they
reach must be identical: property names, types, ``items``, ``$ref`` names and ``required`` lists,
recursively. Descriptions, ``x-nullable``, ``xml`` and the like are not compared.

One rule is not a difference: an ``...-extension-interface`` may hold more properties than the
reference's, since packages declare their own keys there, the platform's way
(``etc/extension_attributes.xml``). Every other difference fails the test, unless it is one of the
``KNOWN`` exceptions below, each with a reason listed in docs/differences.md ("Schema parity"). An
exception that no longer differs fails too, so the list only shrinks.

To cover more of the reference, add path patterns to ``AREAS``; to accept a difference for a while,
add it to ``KNOWN`` with a reason of the table in docs/differences.md. The test prints the counts per
area (``pytest -s``).
"""
from __future__ import annotations

import json
import re
from collections import defaultdict
from fnmatch import fnmatchcase
from pathlib import Path
from typing import Any

import pytest

from tests.helpers import new_customer
from tests.helpers.harness import ROOT

REFERENCE = ROOT / "tests" / "reference" / "platform-2.4.7.json"
DIFFERENCES = ROOT / "docs" / "differences.md"

#: area -> path patterns (fnmatch, ``*`` crosses ``/``); a path belongs to the first area that matches
AREAS: dict[str, tuple[str, ...]] = {
    "gift message": ("*/gift-message", "*/gift-message/*"),
    "quote": ("/V1/carts", "/V1/carts/*", "/V1/guest-carts", "/V1/guest-carts/*", "/V1/customers/*/carts"),
    "customer": ("/V1/customers", "/V1/customers/*", "/V1/customerGroups", "/V1/customerGroups/*",
                 "/V1/addresses/*", "/V1/attributeMetadata/customer*"),
    "catalog": ("/V1/products", "/V1/products/*", "/V1/categories", "/V1/categories/*", "/V1/products-render-info",
                "/V1/bundle-products/*", "/V1/configurable-products/*", "/V1/eav/*", "/V1/import/*"),
    "inventory": ("/V1/inventory/*", "/V1/stockItems/*", "/V1/stockStatuses/*"),
    "sales": ("/V1/orders", "/V1/orders/*", "/V1/order/*", "/V1/invoices", "/V1/invoices/*", "/V1/invoice/*",
              "/V1/creditmemo", "/V1/creditmemo/*", "/V1/creditmemos", "/V1/shipment/*", "/V1/shipments",
              "/V1/transactions", "/V1/transactions/*"),
    "sales rule": ("/V1/salesRules", "/V1/salesRules/*", "/V1/coupons", "/V1/coupons/*"),
    "tax": ("/V1/taxClasses", "/V1/taxClasses/*", "/V1/taxRates", "/V1/taxRates/*", "/V1/taxRules",
            "/V1/taxRules/*"),
    "directory": ("/V1/directory/*",),
    "cms": ("/V1/cmsPage", "/V1/cmsPage/*", "/V1/cmsBlock", "/V1/cmsBlock/*"),
    "store": ("/V1/store/*",),
    "integration": ("/V1/integration/*", "/V1/tfa/*"),
    "async": ("/V1/bulk", "/V1/bulk/*"),
    "search": ("/V1/search",),
    "modules": ("/V1/modules",),
    "other": ("*",),
}

#: known differences: an operation ("METHOD /path") or a definition name -> a reason of the table
#: "Schema parity" in docs/differences.md
KNOWN: dict[str, str] = {
    "GET /V1/store/storeConfigs": "P2",
    "POST /V1/carts/{cartId}/estimate-shipping-methods": "P3",
    "POST /V1/categories/{categoryId}/products": "P3",
    "PUT /V1/categories/{categoryId}/products": "P3",
    "POST /V1/guest-carts/{cartId}/payment-information": "P4",
    "cms-data-block-interface": "P13",
    "cms-data-page-interface": "P13",
    "POST /V1/integration/admin/token": "P4",
    "POST /V1/integration/customer/token": "P4",
    "POST /V1/tfa/provider/google/authenticate": "P4",
    "asynchronous-operations-data-bulk-summary-extension-interface": "P5",
    "asynchronous-operations-data-operation-extension-interface": "P5",
    "sales-rule-data-condition-extension-interface": "P5",
    "sales-rule-data-coupon-extension-interface": "P5",
    "sales-rule-data-coupon-generation-spec-extension-interface": "P5",
    "sales-rule-data-coupon-generation-spec-interface": "P5",
    "sales-rule-data-coupon-interface": "P5",
    "sales-rule-data-rule-label-extension-interface": "P5",
    "sales-rule-data-rule-label-interface": "P5",
    "asynchronous-operations-data-bulk-operations-status-interface": "P6",
    "asynchronous-operations-data-detailed-bulk-operations-status-interface": "P6",
    "asynchronous-operations-data-operation-interface": "P6",
    "catalog-data-price-update-result-interface": "P6",
    "catalog-data-product-attribute-media-gallery-entry-extension-interface": "P6",
    "catalog-data-product-extension-interface": "P6",
    "catalog-data-product-interface": "P6",
    "catalog-data-special-price-interface": "P6",
    "catalog-inventory-data-stock-item-interface": "P6",
    "catalog-inventory-data-stock-status-interface": "P6",
    "quote-data-address-extension-interface": "P6",
    "quote-data-cart-item-extension-interface": "P6",
    "quote-data-payment-extension-interface": "P6",
    "quote-data-product-option-extension-interface": "P6",
    "quote-data-shipping-interface": "P6",
    "quote-data-totals-additional-data-extension-interface": "P6",
    "sales-data-creditmemo-comment-creation-interface": "P6",
    "sales-data-creditmemo-interface": "P6",
    "sales-data-creditmemo-item-interface": "P6",
    "sales-data-invoice-comment-creation-interface": "P6",
    "sales-data-invoice-comment-interface": "P6",
    "sales-data-invoice-interface": "P6",
    "sales-data-invoice-item-interface": "P6",
    "sales-data-order-address-interface": "P6",
    "sales-data-order-extension-interface": "P6",
    "sales-data-order-interface": "P6",
    "sales-data-order-item-extension-interface": "P6",
    "sales-data-order-item-interface": "P6",
    "sales-data-order-payment-extension-interface": "P6",
    "sales-data-order-payment-interface": "P6",
    "sales-data-order-status-history-interface": "P6",
    "sales-data-shipment-comment-creation-interface": "P6",
    "sales-data-shipment-comment-interface": "P6",
    "sales-data-shipment-creation-arguments-extension-interface": "P6",
    "sales-data-shipment-extension-interface": "P6",
    "sales-data-shipment-interface": "P6",
    "sales-data-shipment-item-interface": "P6",
    "sales-data-shipment-track-creation-interface": "P6",
    "sales-data-shipment-track-interface": "P6",
    "sales-data-shipping-assignment-interface": "P6",
    "sales-data-total-interface": "P6",
    "bundle-data-bundle-option-extension-interface": "P7",
    "bundle-data-bundle-option-interface": "P7",
    "bundle-data-link-extension-interface": "P7",
    "bundle-data-link-interface": "P7",
    "bundle-data-option-extension-interface": "P7",
    "bundle-data-option-interface": "P7",
    "catalog-data-custom-option-extension-interface": "P7",
    "catalog-data-product-custom-option-extension-interface": "P7",
    "catalog-data-product-custom-option-interface": "P7",
    "catalog-data-product-custom-option-values-interface": "P7",
    "catalog-data-product-link-extension-interface": "P7",
    "catalog-data-product-link-interface": "P7",
    "catalog-data-product-option-extension-interface": "P7",
    "catalog-data-product-option-interface": "P7",
    "catalog-data-product-tier-price-extension-interface": "P7",
    "catalog-data-product-tier-price-interface": "P7",
    "catalog-inventory-stock-item-criteria-interface": "P7",
    "configurable-product-data-option-extension-interface": "P7",
    "configurable-product-data-option-interface": "P7",
    "configurable-product-data-option-value-extension-interface": "P7",
    "configurable-product-data-option-value-interface": "P7",
    "downloadable-data-downloadable-option-interface": "P7",
    "downloadable-data-file-content-extension-interface": "P7",
    "downloadable-data-file-content-interface": "P7",
    "downloadable-data-link-extension-interface": "P7",
    "downloadable-data-link-interface": "P7",
    "downloadable-data-sample-extension-interface": "P7",
    "downloadable-data-sample-interface": "P7",
    "framework-criteria-interface": "P7",
    "framework-data-video-content-interface": "P7",
    "gift-message-data-message-extension-interface": "P7",
    "gift-message-data-message-interface": "P7",
    "grouped-product-data-grouped-options-extension-interface": "P7",
    "grouped-product-data-grouped-options-interface": "P7",
    "payment-data-payment-additional-info-interface": "P7",
    "sales-rule-data-discount-data-interface": "P7",
    "sales-rule-data-rule-discount-interface": "P7",
    "vault-data-payment-token-interface": "P7",
    "asynchronous-operations-data-summary-operation-status-interface": "P8",
    "catalog-data-category-tree-interface": "P8",
    "catalog-data-product-attribute-media-gallery-entry-interface": "P8",
    "eav-data-attribute-option-interface": "P8",
    "framework-data-image-content-interface": "P8",
    "framework-filter": "P8",
    "quote-data-address-interface": "P8",
    "quote-data-cart-interface": "P8",
    "catalog-inventory-data-stock-item-collection-interface": "P9",
    "framework-attribute-interface": "P9",
    "framework-sort-order": "P9",
    "quote-data-cart-item-interface": "P9",
    "sales-rule-data-condition-interface": "P9",
    "POST /V1/carts/mine/estimate-shipping-methods": "P10",
    "POST /V1/carts/mine/estimate-shipping-methods-by-address-id": "P10",
    "POST /V1/guest-carts/{cartId}/estimate-shipping-methods": "P10",
    "POST /V1/carts/mine/items": "P11",
    "POST /V1/carts/{quoteId}/items": "P11",
    "PUT /V1/carts/mine/items/{itemId}": "P11",
    "PUT /V1/carts/{cartId}/items/{itemId}": "P11",
    "PUT /V1/guest-carts/{cartId}": "P11",
    "sales-rule-data-rule-interface": "P11",
    "POST /V1/carts/mine/set-payment-information": "P12",
    "POST /V1/guest-carts/{cartId}/set-payment-information": "P12",
    "PUT /V1/carts/mine/selected-payment-method": "P12",
    "PUT /V1/carts/{cartId}/selected-payment-method": "P12",
}


# --------------------------------------------------------------------------- comparison


def _norm(schema: Any) -> Any:
    """What is compared of a schema: type, $ref name, items, properties, required (sorted)."""
    if not isinstance(schema, dict):
        return schema
    if "$ref" in schema:
        return {"$ref": schema["$ref"].rsplit("/", 1)[-1]}
    out: dict[str, Any] = {}
    if "type" in schema:
        out["type"] = schema["type"]
    if "items" in schema:
        out["items"] = _norm(schema["items"])
    if "properties" in schema:
        out["properties"] = {k: _norm(v) for k, v in schema["properties"].items()}
    if schema.get("required"):
        out["required"] = sorted(schema["required"])
    return out


def _signature(op: dict) -> dict[str, Any]:
    """An operation's parameters (by place and name; the body by its schema, whatever its name) and result."""
    out: dict[str, Any] = {}
    for p in op.get("parameters", []):
        if p["in"] == "body":
            out["body"] = _norm(p["schema"])
        else:
            out[f"{p['in']} {p['name']}"] = {"type": p.get("type"), "required": bool(p.get("required")),
                                            "items": _norm(p.get("items"))}
    out["result"] = _norm(op.get("responses", {}).get("200", {}).get("schema"))
    return out


def _refs(node: Any, into: set[str]) -> set[str]:
    if isinstance(node, dict):
        for k, v in node.items():
            if k == "$ref" and isinstance(v, str):
                into.add(v.rsplit("/", 1)[-1])
            else:
                _refs(v, into)
    elif isinstance(node, list):
        for v in node:
            _refs(v, into)
    return into


def _reached(doc: dict, op: dict) -> set[str]:
    """The definitions an operation's parameters and result reach, recursively (the error body aside)."""
    todo = _refs({"p": op.get("parameters", []), "r": op.get("responses", {}).get("200")}, set())
    seen: set[str] = set()
    while todo:
        name = todo.pop()
        if name in seen:
            continue
        seen.add(name)
        _refs(doc["definitions"].get(name), todo)
    seen.discard("error-response")
    return seen


def _describe(ref: Any, served: Any) -> str:
    """A short account of how two normalised schemas differ."""
    if served is None:
        return "not served"
    if not isinstance(ref, dict) or not isinstance(served, dict):
        return f"{ref!r} != {served!r}"
    parts = []
    rp, sp = ref.get("properties", {}), served.get("properties", {})
    if set(rp) - set(sp):
        parts.append(f"missing {sorted(set(rp) - set(sp))}")
    if set(sp) - set(rp):
        parts.append(f"extra {sorted(set(sp) - set(rp))}")
    typed = {k: (rp[k], sp[k]) for k in set(rp) & set(sp) if rp[k] != sp[k]}
    if typed:
        parts.append(f"differ {typed}")
    if ref.get("required") != served.get("required"):
        parts.append(f"required {ref.get('required')} != {served.get('required')}")
    for key in ("type", "items"):
        if ref.get(key) != served.get(key):
            parts.append(f"{key} {ref.get(key)!r} != {served.get(key)!r}")
    return "; ".join(parts) or "differs"


def _definition_differs(name: str, ref: dict, served: dict | None) -> str | None:
    a, b = _norm(ref), _norm(served) if served is not None else None
    if b is not None and name.endswith("-extension-interface"):  # keys other packages declare
        b = dict(b)
        if "properties" in b:
            b["properties"] = {k: v for k, v in b["properties"].items() if k in a.get("properties", {})}
            if not b["properties"] and "properties" not in a:
                del b["properties"]
    return None if a == b else _describe(a, b)


def _signature_differs(ref: dict, served: dict) -> str | None:
    a, b = _signature(ref), _signature(served)
    if a == b:
        return None
    parts = []
    for key in sorted(set(a) | set(b)):
        if a.get(key) != b.get(key):
            if key in ("body", "result") and isinstance(a.get(key), dict) and isinstance(b.get(key), dict):
                parts.append(f"{key}: {_describe(a[key], b[key])}" if "properties" in a[key] or "properties" in b[key]
                             else f"{key}: {a.get(key)} != {b.get(key)}")
            else:
                parts.append(f"{key}: {a.get(key)} != {b.get(key)}")
    return "; ".join(parts)


def area_of(path: str) -> str:
    for area, patterns in AREAS.items():
        if any(fnmatchcase(path, p) for p in patterns):
            return area
    return "other"


def compare(reference: dict, served_ops: dict[tuple[str, str], dict], served_defs: dict[str, dict]):
    """Counts per area and every difference found ({key: (area, account)})."""
    counts: dict[str, dict[str, Any]] = defaultdict(lambda: {"ops": 0, "served": 0, "defs": {}, })
    differences: dict[str, tuple[str, str]] = {}
    for path, item in reference["paths"].items():
        area = area_of(path)
        for method, op in item.items():
            counts[area]["ops"] += 1
            served = served_ops.get((method.upper(), path))
            if served is None:
                continue
            counts[area]["served"] += 1
            key = f"{method.upper()} {path}"
            account = _signature_differs(op, served)
            if account:
                differences[key] = (area, account)
            for name in _reached(reference, op):
                if name not in counts[area]["defs"]:
                    account = _definition_differs(name, reference["definitions"][name], served_defs.get(name))
                    counts[area]["defs"][name] = account is None
                    if account:
                        differences[name] = (area, account)
    return counts, differences


# --------------------------------------------------------------------------- the test


@pytest.fixture(scope="module")
def reference() -> dict:
    return json.loads(REFERENCE.read_text())


@pytest.fixture(scope="module")
def served(server, admin_token) -> tuple[dict, dict]:
    """The operations and definitions of the documents an admin, a customer and a guest are given."""
    _, customer_token = new_customer(server)
    ops: dict[tuple[str, str], dict] = {}
    defs: dict[str, dict] = {}
    for token in (admin_token, customer_token, None):
        with server.client(token, store="all") as c:
            r = c.get("/schema")
            assert r.status_code == 200, r.text
            doc = r.json()
        for path, item in doc["paths"].items():
            for method, op in item.items():
                ops.setdefault((method.upper(), path), op)
        for name, schema in doc["definitions"].items():
            defs.setdefault(name, schema)
    return ops, defs


def test_reference_copy_names_only_the_platform():
    text = REFERENCE.read_text()
    doc = json.loads(text)
    assert doc["swagger"] == "2.0" and doc["info"]["version"] == "2.4.7"
    assert doc["info"]["title"] == "the platform's published admin REST schema 2.4.7"


def test_every_reference_path_has_an_area(reference):
    named = [p for p in reference["paths"] if area_of(p) == "other"]
    assert len(named) <= 7, named  # payment, stock photo and analytics routes the project has no area for


def test_known_exceptions_have_documented_reasons():
    text = DIFFERENCES.read_text()
    missing = sorted({reason for reason in KNOWN.values() if not re.search(rf"^\| {re.escape(reason)} \|", text, re.M)})
    assert not missing, f"reasons without a row in docs/differences.md (Schema parity): {missing}"


def test_served_operations_and_definitions_match_the_reference(reference, served):
    ops, defs = served
    counts, differences = compare(reference, ops, defs)

    lines = [f"{'area':<14} {'operations served':>18} {'definitions identical':>22}"]
    for area in AREAS:
        c = counts.get(area)
        if c is None:
            continue
        same = sum(c["defs"].values())
        lines.append(f"{area:<14} {c['served']:>8} / {c['ops']:<7} {same:>11} / {len(c['defs']):<8}")
    print("\nparity with the platform's admin REST schema 2.4.7\n" + "\n".join(lines))

    tax = counts.get("tax")
    if tax is not None:
        print("tax definitions not identical:", sorted(name for name, same in tax["defs"].items() if not same))

    unexpected = {k: v for k, v in differences.items() if k not in KNOWN}
    stale = sorted(k for k in KNOWN if k not in differences)
    report = [f"[{area}] {key}: {account}" for key, (area, account) in sorted(unexpected.items())]
    assert not unexpected, "served operations or definitions differ from the reference:\n" + "\n".join(report)
    assert not stale, f"these exceptions no longer differ (or are no longer served): remove them from KNOWN: {stale}"
