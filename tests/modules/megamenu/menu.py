"""What the mega menu tests share: paths, interface names, request helpers and expected error bodies."""

LINK = "/V1/vendor_megaMenu/link"
ITEM = "/V1/vendor_megaMenu/item"
LINK_IFACE = "Vendor\\MegaMenu\\Api\\Data\\Menu\\LinkInterface"
ITEM_IFACE = "Vendor\\MegaMenu\\Api\\Data\\Menu\\ItemInterface"


def new_link(client, **fields) -> dict:
    r = client.post(LINK, json={"link": fields})
    assert r.status_code == 200, r.text
    return r.json()


def new_item(client, **fields) -> dict:
    r = client.post(ITEM, json={"item": fields})
    assert r.status_code == 200, r.text
    return r.json()


def items_of(client, link_id: int, node_type: str = "custom") -> list[dict]:
    """Every content row of a node, by store view."""
    r = client.get(f"{ITEM}/all", params={
        "searchCriteria[filter_groups][0][filters][0][field]": "entity_id",
        "searchCriteria[filter_groups][0][filters][0][value]": link_id,
        "searchCriteria[filter_groups][1][filters][0][field]": "type",
        "searchCriteria[filter_groups][1][filters][0][value]": node_type,
        "searchCriteria[sortOrders][0][field]": "store_id",
        "searchCriteria[sortOrders][0][direction]": "ASC"})
    assert r.status_code == 200, r.text
    return r.json()["items"]


def invalid(field, value) -> dict:
    return {"message": 'Invalid value of "%value" provided for the %fieldName field.',
            "parameters": {"fieldName": field, "value": value}}


def required(field) -> dict:
    return {"message": '"%fieldName" is required. Enter and try again.', "parameters": {"fieldName": field}}


def link_missing(link_id) -> dict:
    return {"message": 'Link with specified ID "%1" not found.', "parameters": [link_id]}


def item_missing(item_id) -> dict:
    return {"message": 'Item with specified ID "%1" not found.', "parameters": [item_id]}


