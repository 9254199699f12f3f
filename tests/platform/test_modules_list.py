"""GET /V1/modules: the enabled modules by their platform-style names, for admins only."""
from tests.helpers import limited_admin


def test_the_enabled_modules(server, admin, guest):
    r = admin.get("/V1/modules")
    assert r.status_code == 200
    names = r.json()
    assert names == sorted(names) and len(names) == len(set(names))
    assert {"Magento_Store", "Magento_Catalog", "Magento_Customer", "Magento_Quote", "Magento_Sales",
            "Magento_SalesRule", "Magento_Directory", "Magento_Cms", "Magento_Search", "Vendor_Faq",
            "Vendor_StoreCredit"} <= set(names)
    assert all("_" in n and n.split("_")[0] in ("Magento", "Vendor") for n in names)
    r = guest.get("/V1/modules")
    assert r.status_code == 401 and r.json()["parameters"] == {"resources": "Magento_Backend::admin"}
    with server.client(limited_admin(server, "Vendor_Faq::faq")) as limited:
        assert limited.get("/V1/modules").status_code == 401
