"""The platform routes' ACL resources are the platform's own (its modules' webapi.xml): a route guarded
by a broader or a different resource lets an admin role do what the platform's role could not (the
customer routes are pinned by their own tests). A new platform route must be added here."""
import pytest

from tests.helpers import limited_admin

PLATFORM_ACL = {
    # asyncoperations
    ('GET', '/V1/bulk/:bulkUuid/status'): ('Magento_Logging::system_magento_logging_bulk_operations',),
    ('GET', '/V1/bulk/:bulkUuid/detailed-status'): ('Magento_Logging::system_magento_logging_bulk_operations',),
    ('GET', '/V1/bulk/:bulkUuid/operation-status/:status'): ('Magento_Logging::system_magento_logging_bulk_operations',),
    ('GET', '/V1/bulk'): ('Magento_Logging::system_magento_logging_bulk_operations',),
    # backend
    ('GET', '/V1/modules'): ('Magento_Backend::admin',),
    # catalog
    ('GET', '/V1/products/:sku'): ('Magento_Catalog::products',),
    ('GET', '/V1/products'): ('Magento_Catalog::products',),
    ('POST', '/V1/products'): ('Magento_Catalog::products',),
    ('PUT', '/V1/products/:sku'): ('Magento_Catalog::products',),
    ('DELETE', '/V1/products/:sku'): ('Magento_Catalog::products',),
    ('POST', '/V1/products/:sku/media'): ('Magento_Catalog::catalog',),
    ('GET', '/V1/products/:sku/media'): ('Magento_Catalog::catalog',),
    ('GET', '/V1/products/:sku/media/:entryId'): ('Magento_Catalog::catalog',),
    ('PUT', '/V1/products/:sku/media/:entryId'): ('Magento_Catalog::catalog',),
    ('DELETE', '/V1/products/:sku/media/:entryId'): ('Magento_Catalog::catalog',),
    ('GET', '/V1/categories'): ('Magento_Catalog::categories',),
    ('GET', '/V1/categories/list'): ('Magento_Catalog::categories',),
    ('GET', '/V1/categories/:categoryId'): ('Magento_Catalog::categories',),
    ('POST', '/V1/categories'): ('Magento_Catalog::categories',),
    ('PUT', '/V1/categories/:id'): ('Magento_Catalog::categories',),
    ('DELETE', '/V1/categories/:categoryId'): ('Magento_Catalog::categories',),
    ('PUT', '/V1/categories/:categoryId/move'): ('Magento_Catalog::categories',),
    ('GET', '/V1/categories/:categoryId/products'): ('Magento_Catalog::categories',),
    ('POST', '/V1/categories/:categoryId/products'): ('Magento_Catalog::categories',),
    ('PUT', '/V1/categories/:categoryId/products'): ('Magento_Catalog::categories',),
    ('DELETE', '/V1/categories/:categoryId/products/:sku'): ('Magento_Catalog::categories',),
    ('GET', '/V1/products/attributes/:attributeCode/options'): ('Magento_Catalog::attributes_attributes',),
    ('POST', '/V1/products/attributes/:attributeCode/options'): ('Magento_Catalog::attributes_attributes',),
    ('DELETE', '/V1/products/attributes/:attributeCode/options/:optionId'): ('Magento_Catalog::attributes_attributes',),
    ('POST', '/V1/products/special-price-information'): ('Magento_Catalog::catalog',),
    ('POST', '/V1/products/special-price'): ('Magento_Catalog::catalog',),
    ('POST', '/V1/products/special-price-delete'): ('Magento_Catalog::catalog',),
    ('GET', '/V1/stockItems/:productSku'): ('Magento_CatalogInventory::cataloginventory',),
    ('PUT', '/V1/products/:productSku/stockItems/:itemId'): ('Magento_CatalogInventory::cataloginventory',),
    ('GET', '/V1/stockStatuses/:productSku'): ('Magento_CatalogInventory::cataloginventory',),
    ('GET', '/V1/stockItems/lowStock/'): ('Magento_CatalogInventory::cataloginventory',),
    ('GET', '/V1/search'): ('anonymous',),
    # checkout
    ('POST', '/V1/guest-carts/:cartId/shipping-information'): ('anonymous',),
    ('POST', '/V1/guest-carts/:cartId/totals-information'): ('anonymous',),
    ('POST', '/V1/guest-carts/:cartId/payment-information'): ('anonymous',),
    ('GET', '/V1/guest-carts/:cartId/payment-information'): ('anonymous',),
    ('POST', '/V1/guest-carts/:cartId/set-payment-information'): ('anonymous',),
    ('POST', '/V1/carts/mine/shipping-information'): ('self',),
    ('POST', '/V1/carts/mine/totals-information'): ('self',),
    ('POST', '/V1/carts/mine/payment-information'): ('self',),
    ('GET', '/V1/carts/mine/payment-information'): ('self',),
    ('POST', '/V1/carts/mine/set-payment-information'): ('self',),
    ('POST', '/V1/carts/:cartId/shipping-information'): ('Magento_Cart::manage',),
    ('POST', '/V1/carts/:cartId/totals-information'): ('Magento_Cart::manage',),
    # cms
    ('GET', '/V1/cmsPage/:pageId'): ('Magento_Cms::page',),
    ('GET', '/V1/cmsPage/search'): ('Magento_Cms::page',),
    ('POST', '/V1/cmsPage'): ('Magento_Cms::page',),
    ('PUT', '/V1/cmsPage/:id'): ('Magento_Cms::page',),
    ('DELETE', '/V1/cmsPage/:pageId'): ('Magento_Cms::page',),
    ('GET', '/V1/cmsBlock/:blockId'): ('Magento_Cms::block',),
    ('GET', '/V1/cmsBlock/search'): ('Magento_Cms::block',),
    ('POST', '/V1/cmsBlock'): ('Magento_Cms::block',),
    ('PUT', '/V1/cmsBlock/:id'): ('Magento_Cms::block',),
    ('DELETE', '/V1/cmsBlock/:blockId'): ('Magento_Cms::block',),
    # cron
    ('GET', '/V1/vdcommerce/cron/schedule'): ('Vdcommerce_Cron::schedule',),
    # directory
    ('GET', '/V1/directory/currency'): ('anonymous',),
    ('GET', '/V1/directory/countries'): ('anonymous',),
    ('GET', '/V1/directory/countries/:countryId'): ('anonymous',),
    # integration
    ('POST', '/V1/integration/admin/token'): ('anonymous',),
    ('POST', '/V1/integration/customer/token'): ('anonymous',),
    ('POST', '/V1/integration/customer/revoke-customer-token'): ('self',),
    ('POST', '/V1/tfa/provider/google/authenticate'): ('anonymous',),
    # mail
    ('GET', '/V1/vdcommerce/mail/messages'): ('Vdcommerce_Mail::messages',),
    ('GET', '/V1/vdcommerce/mail/messages/:messageId'): ('Vdcommerce_Mail::messages',),
    # quote
    ('POST', '/V1/guest-carts'): ('anonymous',),
    ('GET', '/V1/guest-carts/:cartId'): ('anonymous',),
    ('PUT', '/V1/guest-carts/:cartId/order'): ('anonymous',),
    ('GET', '/V1/guest-carts/:cartId/items'): ('anonymous',),
    ('POST', '/V1/guest-carts/:cartId/items'): ('anonymous',),
    ('PUT', '/V1/guest-carts/:cartId/items/:itemId'): ('anonymous',),
    ('DELETE', '/V1/guest-carts/:cartId/items/:itemId'): ('anonymous',),
    ('GET', '/V1/guest-carts/:cartId/shipping-methods'): ('anonymous',),
    ('POST', '/V1/guest-carts/:cartId/estimate-shipping-methods'): ('anonymous',),
    ('GET', '/V1/guest-carts/:cartId/totals'): ('anonymous',),
    ('PUT', '/V1/guest-carts/:cartId/collect-totals'): ('anonymous',),
    ('GET', '/V1/guest-carts/:cartId/selected-payment-method'): ('anonymous',),
    ('PUT', '/V1/guest-carts/:cartId/selected-payment-method'): ('anonymous',),
    ('GET', '/V1/guest-carts/:cartId/payment-methods'): ('anonymous',),
    ('GET', '/V1/guest-carts/:cartId/billing-address'): ('anonymous',),
    ('POST', '/V1/guest-carts/:cartId/billing-address'): ('anonymous',),
    ('GET', '/V1/guest-carts/:cartId/coupons'): ('anonymous',),
    ('PUT', '/V1/guest-carts/:cartId/coupons/:couponCode'): ('anonymous',),
    ('DELETE', '/V1/guest-carts/:cartId/coupons'): ('anonymous',),
    ('PUT', '/V1/guest-carts/:cartId'): ('self',),
    ('POST', '/V1/carts/mine'): ('self',),
    ('GET', '/V1/carts/mine'): ('self',),
    ('PUT', '/V1/carts/mine'): ('self',),
    ('PUT', '/V1/carts/mine/order'): ('self',),
    ('GET', '/V1/carts/mine/items'): ('self',),
    ('POST', '/V1/carts/mine/items'): ('self',),
    ('PUT', '/V1/carts/mine/items/:itemId'): ('self',),
    ('DELETE', '/V1/carts/mine/items/:itemId'): ('self',),
    ('GET', '/V1/carts/mine/shipping-methods'): ('self',),
    ('POST', '/V1/carts/mine/estimate-shipping-methods'): ('self',),
    ('POST', '/V1/carts/mine/estimate-shipping-methods-by-address-id'): ('self',),
    ('GET', '/V1/carts/mine/totals'): ('self',),
    ('PUT', '/V1/carts/mine/collect-totals'): ('self',),
    ('GET', '/V1/carts/mine/selected-payment-method'): ('self',),
    ('PUT', '/V1/carts/mine/selected-payment-method'): ('self',),
    ('GET', '/V1/carts/mine/payment-methods'): ('self',),
    ('GET', '/V1/carts/mine/billing-address'): ('self',),
    ('POST', '/V1/carts/mine/billing-address'): ('self',),
    ('GET', '/V1/carts/mine/coupons'): ('self',),
    ('PUT', '/V1/carts/mine/coupons/:couponCode'): ('self',),
    ('DELETE', '/V1/carts/mine/coupons'): ('self',),
    ('GET', '/V1/carts/:cartId'): ('Magento_Cart::manage',),
    ('GET', '/V1/carts/search'): ('Magento_Cart::manage',),
    ('POST', '/V1/carts/'): ('Magento_Cart::manage',),
    ('POST', '/V1/customers/:customerId/carts'): ('Magento_Cart::manage',),
    ('PUT', '/V1/carts/:cartId'): ('Magento_Cart::manage',),
    ('PUT', '/V1/carts/:cartId/order'): ('Magento_Cart::manage',),
    ('GET', '/V1/carts/:cartId/items'): ('Magento_Cart::manage',),
    ('POST', '/V1/carts/:quoteId/items'): ('Magento_Cart::manage',),
    ('PUT', '/V1/carts/:cartId/items/:itemId'): ('Magento_Cart::manage',),
    ('DELETE', '/V1/carts/:cartId/items/:itemId'): ('Magento_Cart::manage',),
    ('GET', '/V1/carts/:cartId/shipping-methods'): ('Magento_Cart::manage',),
    ('POST', '/V1/carts/:cartId/estimate-shipping-methods'): ('Magento_Cart::manage',),
    ('POST', '/V1/carts/:cartId/estimate-shipping-methods-by-address-id'): ('Magento_Cart::manage',),
    ('GET', '/V1/carts/:cartId/totals'): ('Magento_Cart::manage',),
    ('GET', '/V1/carts/:cartId/selected-payment-method'): ('Magento_Cart::manage',),
    ('PUT', '/V1/carts/:cartId/selected-payment-method'): ('Magento_Cart::manage',),
    ('GET', '/V1/carts/:cartId/payment-methods'): ('Magento_Cart::manage',),
    ('GET', '/V1/carts/:cartId/billing-address'): ('Magento_Cart::manage',),
    ('POST', '/V1/carts/:cartId/billing-address'): ('Magento_Cart::manage',),
    ('GET', '/V1/carts/:cartId/coupons'): ('Magento_Cart::manage',),
    ('PUT', '/V1/carts/:cartId/coupons/:couponCode'): ('Magento_Cart::manage',),
    ('DELETE', '/V1/carts/:cartId/coupons'): ('Magento_Cart::manage',),
    # sales
    ('GET', '/V1/orders/:id'): ('Magento_Sales::actions_view',),
    ('GET', '/V1/orders'): ('Magento_Sales::actions_view',),
    ('GET', '/V1/orders/:id/statuses'): ('Magento_Sales::actions_view',),
    ('POST', '/V1/orders/:id/cancel'): ('Magento_Sales::cancel',),
    ('POST', '/V1/orders/:id/emails'): ('Magento_Sales::emails',),
    ('POST', '/V1/orders/:id/hold'): ('Magento_Sales::hold',),
    ('POST', '/V1/orders/:id/unhold'): ('Magento_Sales::unhold',),
    ('POST', '/V1/orders/:id/comments'): ('Magento_Sales::comment',),
    ('GET', '/V1/orders/:id/comments'): ('Magento_Sales::actions_view',),
    ('PUT', '/V1/orders/create'): ('Magento_Sales::create',),
    ('POST', '/V1/orders'): ('Magento_Sales::create',),
    ('PUT', '/V1/orders/:parent_id'): ('Magento_Sales::create',),
    ('GET', '/V1/orders/items/:id'): ('Magento_Sales::actions_view',),
    ('GET', '/V1/orders/items'): ('Magento_Sales::actions_view',),
    ('POST', '/V1/order/:orderId/invoice'): ('Magento_Sales::invoice',),
    ('POST', '/V1/order/:orderId/ship'): ('Magento_Sales::ship',),
    ('POST', '/V1/order/:orderId/refund'): ('Magento_Sales::creditmemo',),
    ('POST', '/V1/invoice/:invoiceId/refund'): ('Magento_Sales::sales_invoice',),
    ('GET', '/V1/invoices/:id'): ('Magento_Sales::sales_invoice',),
    ('GET', '/V1/invoices'): ('Magento_Sales::sales_invoice',),
    ('GET', '/V1/invoices/:id/comments'): ('Magento_Sales::sales_invoice',),
    ('GET', '/V1/shipment/:id'): ('Magento_Sales::shipment',),
    ('GET', '/V1/shipments'): ('Magento_Sales::shipment',),
    ('GET', '/V1/shipment/:id/comments'): ('Magento_Sales::shipment',),
    ('GET', '/V1/creditmemo/:id'): ('Magento_Sales::sales_creditmemo',),
    ('GET', '/V1/creditmemos'): ('Magento_Sales::sales_creditmemo',),
    ('GET', '/V1/creditmemo/:id/comments'): ('Magento_Sales::sales_creditmemo',),
    # salesrule
    ('GET', '/V1/salesRules/:ruleId'): ('Magento_SalesRule::quote',),
    ('GET', '/V1/salesRules/search'): ('Magento_SalesRule::quote',),
    ('POST', '/V1/salesRules'): ('Magento_SalesRule::quote',),
    ('PUT', '/V1/salesRules/:ruleId'): ('Magento_SalesRule::quote',),
    ('DELETE', '/V1/salesRules/:ruleId'): ('Magento_SalesRule::quote',),
    ('GET', '/V1/coupons/:couponId'): ('Magento_SalesRule::quote',),
    ('GET', '/V1/coupons/search'): ('Magento_SalesRule::quote',),
    ('POST', '/V1/coupons'): ('Magento_SalesRule::quote',),
    ('PUT', '/V1/coupons/:couponId'): ('Magento_SalesRule::quote',),
    ('DELETE', '/V1/coupons/:couponId'): ('Magento_SalesRule::quote',),
    ('POST', '/V1/coupons/generate'): ('Magento_SalesRule::quote',),
    ('POST', '/V1/coupons/deleteByIds'): ('Magento_SalesRule::quote',),
    ('POST', '/V1/coupons/deleteByCodes'): ('Magento_SalesRule::quote',),
    ('PUT', '/V1/coupons/generate'): ('Magento_SalesRule::quote',),
    ('PUT', '/V1/coupons/deleteByIds'): ('Magento_SalesRule::quote',),
    ('PUT', '/V1/coupons/deleteByCodes'): ('Magento_SalesRule::quote',),
    # store
    ('GET', '/V1/store/storeViews'): ('anonymous',),
    ('GET', '/V1/store/storeGroups'): ('anonymous',),
    ('GET', '/V1/store/websites'): ('anonymous',),
    ('GET', '/V1/store/storeConfigs'): ('anonymous',),
}


def _routes():
    from vdcommerce.framework.packages import load_packages
    from vdcommerce.webapi.declarations import read_routes
    return {(r.method, r.url): tuple(r.resources) for p in load_packages()
            if p.name.startswith("vdcommerce.platform.") and p.short != "customer" for r in read_routes(p)}


def test_every_platform_route_has_the_platforms_resources():
    routes = _routes()
    wrong = {key: (routes.get(key), expected) for key, expected in PLATFORM_ACL.items() if routes.get(key) != expected}
    assert wrong == {}, "served, expected"
    assert sorted(set(routes) - set(PLATFORM_ACL)) == [], "platform routes whose resources nobody pinned"


@pytest.mark.parametrize("method, path, granted, needed", [
    ("POST", "/V1/order/999999/refund", "Magento_Sales::invoice", "Magento_Sales::creditmemo"),
    ("POST", "/V1/invoice/999999/refund", "Magento_Sales::creditmemo", "Magento_Sales::sales_invoice"),
    ("POST", "/V1/orders/999999/cancel", "Magento_Sales::hold", "Magento_Sales::cancel"),
    ("DELETE", "/V1/cmsPage/999999", "Magento_Cms::block", "Magento_Cms::page"),
    ("GET", "/V1/modules", "Magento_Cms::page", "Magento_Backend::admin"),
    ("PUT", "/V1/products/x/stockItems/1", "Magento_Catalog::products", "Magento_CatalogInventory::cataloginventory"),
])
def test_a_role_without_the_platforms_resource_is_refused(server, method, path, granted, needed):
    with server.client(limited_admin(server, granted)) as limited:
        r = limited.request(method, path, json={} if method in ("POST", "PUT") else None)
        assert (r.status_code, r.json()["parameters"]) == (401, {"resources": needed})
    with server.client(limited_admin(server, needed)) as allowed:
        r = allowed.request(method, path, json={} if method in ("POST", "PUT") else None)
        assert r.status_code != 401, r.text
