"""The demo tabs of `vdcommerce demo load`, with their German titles."""
from tests.helpers import ok
from tests.helpers.store import store_view

BASE = "/V1/vendor_customTabs/tabs"


def test_demo_tabs(own_server):
    own_server.cli("demo", "load", "customtabs")
    de = store_view(own_server, "de")
    with own_server.client(own_server.token(), "all") as admin:
        criteria = {"searchCriteria[sortOrders][0][field]": "sort_order",
                    "searchCriteria[sortOrders][0][direction]": "ASC"}
        default = ok(admin.get(f"{BASE}/all", params=criteria))["items"]
        assert [(t["tab_name"], t["tab_title"], t["type"]) for t in default] == [
            ("product.info.description", "Details", 1), ("shipping-info", "Shipping", 0), ("size-guide", "Size guide", 0)]
        german = ok(admin.get(f"{BASE}/all", params={**criteria, "storeId": de}))["items"]
        assert [t["tab_title"] for t in german] == ["Details", "Versand", "Größentabelle"]
        assert all(t["stores"] == ["0", str(de)] for t in german)
    own_server.cli("demo", "load", "customtabs")  # a second load adds nothing
    with own_server.client(own_server.token(), "all") as admin:
        assert ok(admin.get(f"{BASE}/all", params={"searchCriteria[pageSize]": 10}))["total_count"] == 3
