"""extension_attributes on every interface the platform declares extensible: the data objects carry
the key, and the routes that take such objects accept it (an empty object, as clients send)."""
import pytest

from tests.helpers import unique
from tests.helpers.quote import product

# the platform's extensible data interfaces that once lacked the key (its schema lists
# extension_attributes on each); every other extensible interface already had it
EXTENSIBLE = """
Magento\\AsynchronousOperations\\Api\\Data\\BulkOperationsStatusInterface
Magento\\AsynchronousOperations\\Api\\Data\\DetailedBulkOperationsStatusInterface
Magento\\AsynchronousOperations\\Api\\Data\\OperationInterface
Magento\\CatalogInventory\\Api\\Data\\StockItemInterface
Magento\\CatalogInventory\\Api\\Data\\StockStatusInterface
Magento\\Catalog\\Api\\Data\\CategoryInterface
Magento\\Catalog\\Api\\Data\\CategoryLinkInterface
Magento\\Catalog\\Api\\Data\\CategoryProductLinkInterface
Magento\\Catalog\\Api\\Data\\CustomOptionInterface
Magento\\Catalog\\Api\\Data\\PriceUpdateResultInterface
Magento\\Catalog\\Api\\Data\\SpecialPriceInterface
Magento\\ConfigurableProduct\\Api\\Data\\ConfigurableItemOptionValueInterface
Magento\\Quote\\Api\\Data\\CurrencyInterface
Magento\\Quote\\Api\\Data\\ShippingAssignmentInterface
Magento\\Quote\\Api\\Data\\ShippingInterface
Magento\\Sales\\Api\\Data\\CreditmemoCommentCreationInterface
Magento\\Sales\\Api\\Data\\CreditmemoCommentInterface
Magento\\Sales\\Api\\Data\\CreditmemoItemCreationInterface
Magento\\Sales\\Api\\Data\\CreditmemoItemInterface
Magento\\Sales\\Api\\Data\\InvoiceCommentCreationInterface
Magento\\Sales\\Api\\Data\\InvoiceCommentInterface
Magento\\Sales\\Api\\Data\\InvoiceItemCreationInterface
Magento\\Sales\\Api\\Data\\InvoiceItemInterface
Magento\\Sales\\Api\\Data\\OrderAddressInterface
Magento\\Sales\\Api\\Data\\OrderStatusHistoryInterface
Magento\\Sales\\Api\\Data\\ShipmentCommentCreationInterface
Magento\\Sales\\Api\\Data\\ShipmentCommentInterface
Magento\\Sales\\Api\\Data\\ShipmentItemCreationInterface
Magento\\Sales\\Api\\Data\\ShipmentItemInterface
Magento\\Sales\\Api\\Data\\ShipmentPackageCreationInterface
Magento\\Sales\\Api\\Data\\ShipmentPackageInterface
Magento\\Sales\\Api\\Data\\ShipmentTrackCreationInterface
Magento\\Sales\\Api\\Data\\ShipmentTrackInterface
Magento\\Sales\\Api\\Data\\ShippingAssignmentInterface
Magento\\Sales\\Api\\Data\\ShippingInterface
Magento\\Sales\\Api\\Data\\TotalInterface
Magento\\Store\\Api\\Data\\GroupInterface
Magento\\Store\\Api\\Data\\StoreConfigInterface
Magento\\Store\\Api\\Data\\StoreInterface
Magento\\Store\\Api\\Data\\WebsiteInterface
Magento\\Directory\\Api\\Data\\CountryInformationInterface
Magento\\Directory\\Api\\Data\\RegionInformationInterface
Magento\\Directory\\Api\\Data\\CurrencyInformationInterface
Magento\\Directory\\Api\\Data\\ExchangeRateInterface
""".split()


def test_each_extensible_interface_has_the_key():
    from vdcommerce.framework.extensions import data_classes
    from vdcommerce.framework.packages import load_packages
    load_packages()
    classes = data_classes()
    lacking = [i for i in EXTENSIBLE if i not in classes or "extension_attributes" not in classes[i].model_fields]
    assert lacking == []
    for interface in EXTENSIBLE:  # its extension object is named after it, as the platform names it
        field = classes[interface].model_fields["extension_attributes"]
        ext = [a for a in field.annotation.__args__ if a is not type(None)][0]
        assert ext.__interface__ == interface[:-len("Interface")] + "ExtensionInterface"


@pytest.fixture(scope="module")
def item(server, admin_token):
    return product(server, admin_token, price=40, qty=10)


def test_special_price_takes_extension_attributes(admin, item):
    r = admin.post("/V1/products/special-price", json={"prices": [{
        "sku": item["sku"], "price": 30, "store_id": 0, "price_from": "2030-01-01 00:00:00",
        "price_to": "2030-02-01 00:00:00", "extension_attributes": {}}]})
    assert r.status_code == 200 and r.json() == [], r.text


def test_stock_item_takes_extension_attributes(admin, item):
    stock = admin.get(f"/V1/stockItems/{item['sku']}").json()
    r = admin.put(f"/V1/products/{item['sku']}/stockItems/{stock['item_id']}",
                  json={"stockItem": {"qty": 7, "is_in_stock": True, "extension_attributes": {}}})
    assert r.status_code == 200, r.text
    assert admin.get(f"/V1/stockItems/{item['sku']}").json()["qty"] == 7


def test_category_and_its_links_take_extension_attributes(admin, item):
    r = admin.post("/V1/categories", json={"category": {"name": unique("Ext "), "parent_id": 2, "is_active": True,
                                                        "extension_attributes": {}}})
    assert r.status_code == 200, r.text
    category_id = r.json()["id"]
    r = admin.post(f"/V1/categories/{category_id}/products", json={"productLink": {
        "sku": item["sku"], "position": 1, "category_id": str(category_id), "extension_attributes": {}}})
    assert r.status_code == 200, r.text
    r = admin.put(f"/V1/products/{item['sku']}", json={"product": {"extension_attributes": {"category_links": [
        {"position": 2, "category_id": str(category_id), "extension_attributes": {}}]}}})
    assert r.status_code == 200, r.text
    links = admin.get(f"/V1/categories/{category_id}/products").json()
    assert [(link["sku"], link["position"]) for link in links] == [(item["sku"], 2)]


def test_an_undeclared_code_is_still_refused(admin, item):
    stock = admin.get(f"/V1/stockItems/{item['sku']}").json()
    r = admin.put(f"/V1/products/{item['sku']}/stockItems/{stock['item_id']}",
                  json={"stockItem": {"qty": 7, "extension_attributes": {"nope": 1}}})
    assert r.status_code == 400
