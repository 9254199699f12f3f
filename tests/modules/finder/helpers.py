"""What the finder's test files share: products, finders with their dropdowns, chains."""
from __future__ import annotations

import base64

from tests.helpers import ok, unique

V = "/V1/vendor_finder"


def new_product(admin, price: str = "10.00") -> dict:
    sku = unique("PART-")
    return ok(admin.post("/V1/products", json={"product": {"sku": sku, "name": "Part " + sku, "price": price}}))


def new_finder(admin, cnt: int = 3, names=("Make", "Model", "Year")) -> tuple[dict, list[dict]]:
    finder = ok(admin.post(f"{V}/finder", json={"finder": {"name": unique("Finder "), "cnt": cnt}}))
    dropdowns = [ok(admin.post(f"{V}/dropdown", json={"dropdown": {"finder_id": finder["finder_id"], "pos": pos,
                                                                   "name": name}}))
                 for pos, name in enumerate(names)]
    return finder, dropdowns


def assign(admin, sku: str, dropdowns: list[dict], names: list[str]):
    return admin.post(f"{V}/saveProduct", json={"sku": sku, "dropdowns": [
        {"dropdown_id": d["dropdown_id"], "value": n} for d, n in zip(dropdowns, names)]})


def find(admin, dropdowns: list[dict], value_ids: list[int]) -> list[dict]:
    return ok(admin.post(f"{V}/product/find", json={"finderOptions": [
        {"dropdown_id": d["dropdown_id"], "value": str(v)} for d, v in zip(dropdowns, value_ids)]}))


def values(admin) -> list[dict]:
    return ok(admin.get(f"{V}/value/all"))


def chain_ids(admin, dropdowns: list[dict], names: list[str]) -> list[int]:
    """The value ids of a chain of names (Audi, A4, 2014), read from the value list."""
    everything = values(admin)
    parent, out = 0, []
    for d, name in zip(dropdowns, names):
        match = [v for v in everything if v["dropdown_id"] == d["dropdown_id"] and v["parent_id"] == parent
                 and v["name"] == name]
        assert len(match) == 1, (d, name, match)
        parent = match[0]["value_id"]
        out.append(parent)
    return out


def csv_file(text: str, name: str = "parts.csv") -> dict:
    return {"file": {"name": name, "base64_encoded_data": base64.b64encode(text.encode()).decode()}}


def not_found(entity: str, record_id) -> dict:
    return {"message": entity + ' with specified ID "%1" not found.', "parameters": [record_id]}
