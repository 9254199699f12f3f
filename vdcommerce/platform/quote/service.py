"""Carts: the quote package's services.

Each operation is written once, on a numeric cart id (``Carts``). The admin and ``mine`` services call
it with the path id or the forced ``%cart_id%``; the guest services translate the masked id first.
Every change re-collects the totals and stores them on the cart (``carts.collect_and_save``).

Choices where the platform leaves room (docs/platform/quote.md lists them):

- An item's price and name are taken from the product when the item is added or its quantity changes
  and kept; category and attribute facts for cart price rules are read from the catalog at every
  collection.
- Adding a product whose SKU and options are already in the cart raises that item's quantity; the
  stock check covers every item of the product in the cart.
- ``GET .../billing-address`` without a billing address answers an address object of nulls; ``GET
  .../selected-payment-method`` without a method answers ``{"method": null}``.
"""
from __future__ import annotations

from decimal import Decimal, InvalidOperation
from typing import Any

import orjson
from sqlalchemy import bindparam, insert, select, update

from ...framework import extensions
from ...framework.context import Context, Service
from ...framework.data import digits, json_text
from ...framework.exceptions import (CouldNotSaveException, InputException, LocalizedException,
                                     NoSuchEntityException, StateException)
from ...framework.search import SearchCriteria, SearchField, SearchResults, search, search_limits
from ..catalog import prices, stock
from ..catalog.service import product_facts
from ..customer.api import CustomerInterface
from ..customer.service import load_customer
from . import addresses, carts, coupons, ordering, payments, totals
from .api import (AddressInterface, CartExtensionInterface, CartInterface, CartItemInterface, CurrencyInterface,
                  PaymentInterface, PaymentMethodInterface, ShippingAssignmentInterface, ShippingInterface,
                  ShippingMethodInterface, TotalsAdditionalDataInterface, TotalsInterface)
from .tables import quote as quote_t
from .tables import quote_item as item_t

PRODUCT_NOT_FOUND = "The product that was requested doesn't exist. Verify the product and try again."
PRODUCT_NOT_AVAILABLE = "Product that you are trying to add is not available."
ITEM_NOT_IN_CART = "The %1 Cart doesn't contain the %2 item."
OTHER_STORE = "The customer can't be assigned to the cart. The cart belongs to a different store."
NOT_ANONYMOUS = "The customer can't be assigned to the cart because the cart isn't anonymous."
NO_PRODUCTS = 'The "%1" Cart doesn\'t contain products.'
COUPON_NOT_VALID = "The coupon code isn't valid. Verify the code and try again."
COUPON_NOT_APPLIED = "The coupon code couldn't be applied. Verify the coupon code and try again."
SHIPPING_ADDRESS_MISSING = "The shipping address is missing. Set the address and try again."
PAYMENT_NOT_AVAILABLE = "The requested Payment Method is not available."
ADDRESS_NOT_SAVED = "The address failed to save. Verify the address and try again."

USD = CurrencyInterface.of(global_currency_code="USD", base_currency_code="USD", store_currency_code="USD",
                           quote_currency_code="USD", store_to_base_rate=0, store_to_quote_rate=0,
                           base_to_global_rate=1, base_to_quote_rate=1)


class CartSearchResults(SearchResults[CartInterface],
                        interface="Magento\\Quote\\Api\\Data\\CartSearchResultsInterface"):
    pass


SEARCH_FIELDS = {
    "id": SearchField(quote_t.c.id, "int"),
    "entity_id": SearchField(quote_t.c.id, "int"),
    "store_id": SearchField(quote_t.c.store_id, "int"),
    "customer_id": SearchField(quote_t.c.customer_id, "int"),
    "customer_email": SearchField(quote_t.c.customer_email),
    "customer_group_id": SearchField(quote_t.c.customer_group_id, "int"),
    "customer_is_guest": SearchField(quote_t.c.customer_is_guest, "bool"),
    "is_active": SearchField(quote_t.c.is_active, "bool"),
    "is_virtual": SearchField(quote_t.c.is_virtual, "bool"),
    "items_count": SearchField(quote_t.c.items_count, "int"),
    "items_qty": SearchField(quote_t.c.items_qty, "float"),
    "coupon_code": SearchField(quote_t.c.coupon_code),
    "reserved_order_id": SearchField(quote_t.c.reserved_order_id),
    "subtotal": SearchField(quote_t.c.subtotal, "float"),
    "grand_total": SearchField(quote_t.c.grand_total, "float"),
    "created_at": SearchField(quote_t.c.created_at, "datetime"),
    "updated_at": SearchField(quote_t.c.updated_at, "datetime"),
}
_SELECT_CARTS = select(quote_t)


def _qty(value: Any) -> Decimal:
    """A positive quantity; anything else is the platform's invalid-value error for ``qty``."""
    q = None
    if isinstance(value, (int, float, str)) and not isinstance(value, bool):
        try:
            q = Decimal(str(value).strip())
        except InvalidOperation:
            q = None
    if q is None or not q.is_finite() or q <= 0:
        shown = value if isinstance(value, (int, float, str)) and not isinstance(value, bool) else json_text(value)
        raise InputException.invalid_value("qty", shown)
    return q


def _option_text(cart_item: CartItemInterface) -> str | None:
    """The item's options as canonical JSON, so equal choices compare equal."""
    if cart_item.product_option is None:
        return None
    data = cart_item.product_option.dump()
    return orjson.dumps(data, option=orjson.OPT_SORT_KEYS).decode() if data else None


def _check_product(ctx: Context, product, qty_in_cart: Decimal) -> None:
    website = ctx.config.website_of.get(ctx.store_id or 1, 1) if ctx.config else 1
    if product.status != 1 or website not in product.website_ids:
        raise LocalizedException(PRODUCT_NOT_AVAILABLE)
    stock.check_salable(ctx, product.id, qty_in_cart)


def rate_out(rate) -> ShippingMethodInterface:
    return ShippingMethodInterface.of(
        carrier_code=rate.carrier_code, method_code=rate.method_code, carrier_title=rate.carrier_title,
        method_title=rate.method_title, amount=rate.amount, base_amount=rate.amount, available=rate.available,
        extension_attributes=rate.extension or None, error_message=rate.error_message, price_excl_tax=rate.amount,
        price_incl_tax=rate.amount)


CART_INTERFACE = "Magento\\Quote\\Api\\Data\\CartInterface"
# an item's writes, built once (the values come with each execution); both answer the stored row
_INSERT_ITEM = insert(item_t).returning(*item_t.c)
_UPDATE_ITEM = update(item_t).where(item_t.c.item_id == bindparam("_item_id")).returning(*item_t.c)


class Carts:
    """The cart operations on numeric ids, shared by the admin, ``mine`` and guest services."""

    def __init__(self, ctx: Context):
        self.ctx = ctx
        self.conn = ctx.conn

    # ------------------------------------------------------------------ carts

    def cart(self, row) -> CartInterface:
        cart = carts.Loaded(self.ctx, row)
        items = [carts.item_out(r, row.id) for r in cart.items]
        customer = load_customer(self.ctx, row.customer_id) if row.customer_id else CustomerInterface.of()
        ext_values = extensions.load(self.ctx, CART_INTERFACE, [row.id]).get(row.id, {})
        if items and not row.is_virtual:
            method = None
            if row.shipping_carrier_code and row.shipping_method_code:
                method = f"{row.shipping_carrier_code}_{row.shipping_method_code}"
            ext_values["shipping_assignments"] = [ShippingAssignmentInterface.of(
                shipping=ShippingInterface.of(address=addresses.wire(cart.shipping), method=method), items=items)]
        ext = CartExtensionInterface.of(**ext_values) if ext_values else None
        return CartInterface.of(
            id=row.id, created_at=row.created_at, updated_at=row.updated_at, converted_at=row.converted_at,
            is_active=row.is_active, is_virtual=row.is_virtual, items=items, items_count=row.items_count,
            items_qty=row.items_qty, customer=customer,
            billing_address=addresses.wire(cart.billing) if cart.billing else None,
            reserved_order_id=row.reserved_order_id, orig_order_id=row.orig_order_id, currency=USD,
            customer_is_guest=row.customer_is_guest, customer_note=row.customer_note,
            customer_note_notify=row.customer_note_notify, customer_tax_class_id=3, store_id=row.store_id,
            extension_attributes=ext)

    def for_customer(self, customer_id: int) -> int:
        """The customer's active cart, created when there is none."""
        customer = load_customer(self.ctx, customer_id)
        existing = carts.active_cart_id(self.ctx, customer.id)
        return existing if existing is not None else carts.create(self.ctx, customer)

    def assign(self, row, customer_id: int | None, store_id: int) -> bool:
        """A guest cart becomes the customer's, or is merged into the customer's active cart."""
        if customer_id is None:
            raise InputException.required("customerId")
        customer = load_customer(self.ctx, customer_id)
        if row.customer_id is not None:
            raise StateException(NOT_ANONYMOUS)
        if row.store_id != store_id:
            raise StateException(OTHER_STORE)
        # the platform keeps the assigned cart (the id the client holds stays valid): the items of the
        # customer's active cart are merged into it and that old cart is deactivated
        old = carts.active_cart_id(self.ctx, customer.id)
        if old is not None and old != row.id:
            self._merge(old, row.id)
            carts.set_fields(self.ctx, old, is_active=False)
        carts.set_fields(self.ctx, row.id, **carts.customer_fields(customer))
        carts.collect_and_save(self.ctx, row.id)
        return True

    def _merge(self, source: int, target: int) -> None:
        """Items of ``source`` into ``target``: the same product and options add up."""
        conn = self.conn
        have = {(r.product_id, r.product_option, r.added_by, r.added_key): r
                for r in conn.execute(select(item_t).where(item_t.c.quote_id == target))}
        t = carts.now()
        for r in conn.execute(select(item_t).where(item_t.c.quote_id == source).order_by(item_t.c.item_id)).all():
            same = have.get((r.product_id, r.product_option, r.added_by, r.added_key))
            if same is not None:
                conn.execute(update(item_t).where(item_t.c.item_id == same.item_id)
                             .values(qty=Decimal(same.qty) + Decimal(r.qty), updated_at=t))
            else:
                values = {c: getattr(r, c) for c in item_t.c.keys() if c != "item_id"}
                conn.execute(insert(item_t).values(**{**values, "quote_id": target, "updated_at": t}))

    # ------------------------------------------------------------------ items

    def items(self, row) -> list[CartItemInterface]:
        return [carts.item_out(r, row.id) for r in carts.Loaded(self.ctx, row).items]

    def save_item(self, row, cart_item: CartItemInterface) -> CartItemInterface:
        cart = carts.Loaded(self.ctx, row)
        if cart_item.item_id is not None:
            saved = self._update_item(row, cart, cart_item)
        else:
            saved = self._add_item(row, cart, cart_item)
        # the cart as it now is: the written item replaces its old row (items stay in id order)
        cart.items = sorted([*(r for r in cart.items if r.item_id != saved.item_id), saved], key=lambda r: r.item_id)
        carts.collect_and_save(self.ctx, row.id, cart)
        if saved.added_by is not None:  # a collector line: the collection may have changed it again
            saved = self.conn.execute(select(item_t).where(item_t.c.item_id == saved.item_id)).first()
        return carts.item_out(saved, row.id)

    def _add_item(self, row, cart: carts.Loaded, cart_item: CartItemInterface):
        missing = []
        if not (cart_item.sku or "").strip():
            missing.append(InputException.required("sku"))
        if cart_item.qty is None:
            missing.append(InputException.required("qty"))
        if missing:
            raise InputException.aggregate(missing)
        qty = _qty(cart_item.qty)
        product = product_facts(self.conn, cart_item.sku.strip())
        if product is None:
            raise NoSuchEntityException(PRODUCT_NOT_FOUND)
        carts.remember_product(self.ctx, product)
        options = _option_text(cart_item)
        same = next((r for r in cart.items if r.product_id == product.id and r.product_option == options
                     and r.added_by is None), None)
        in_cart = sum((Decimal(r.qty) for r in cart.items if r.product_id == product.id), Decimal(0))
        _check_product(self.ctx, product, in_cart + qty)
        t = carts.now()
        values = dict(name=product.name, price=prices.final_price(self.ctx, product.id, product.price),
                      weight=product.weight, updated_at=t)
        if same is not None:
            return self.conn.execute(_UPDATE_ITEM, {**values, "qty": Decimal(same.qty) + qty,
                                                    "_item_id": same.item_id}).one()
        return self.conn.execute(_INSERT_ITEM, {
            **values, "quote_id": row.id, "product_id": product.id, "sku": product.sku,
            "product_type": product.type_id, "qty": qty, "product_option": options, "created_at": t}).one()

    def _update_item(self, row, cart: carts.Loaded, cart_item: CartItemInterface):
        item = next((r for r in cart.items if r.item_id == cart_item.item_id), None)
        if item is None:
            raise NoSuchEntityException(ITEM_NOT_IN_CART, [row.id, cart_item.item_id])
        if cart_item.qty is None:
            raise InputException.required("qty")
        qty = _qty(cart_item.qty)
        product = carts.products_of(self.ctx, [item.product_id]).get(item.product_id)
        if product is None:
            raise NoSuchEntityException(PRODUCT_NOT_FOUND)
        others = sum((Decimal(r.qty) for r in cart.items if r.product_id == product.id and r.item_id != item.item_id),
                     Decimal(0))
        _check_product(self.ctx, product, others + qty)
        values: dict[str, Any] = dict(qty=qty, name=product.name, price=product.price, weight=product.weight,
                                      updated_at=carts.now())
        if cart_item.product_option is not None:
            values["product_option"] = _option_text(cart_item)
        return self.conn.execute(_UPDATE_ITEM, {**values, "_item_id": item.item_id}).one()

    def delete_item(self, row, item_id: int) -> bool:
        found = self.conn.execute(select(item_t.c.item_id, item_t.c.added_by, item_t.c.added_key)
                                  .where(item_t.c.item_id == item_id, item_t.c.quote_id == row.id)).first()
        if found is None:
            raise NoSuchEntityException(ITEM_NOT_IN_CART, [row.id, item_id])
        if found.added_by is not None:
            carts.decline_line(self.ctx, row, found)
        carts.delete_item(self.ctx, item_id)
        carts.collect_and_save(self.ctx, row.id)
        return True

    # ------------------------------------------------------------------ shipping

    def _rates(self, row, address_values: dict[str, Any] | None) -> list[ShippingMethodInterface]:
        cart = carts.Loaded(self.ctx, row)
        quote = carts.pipeline_quote(self.ctx, cart, shipping_address=addresses.for_totals(address_values))
        if not quote.items or quote.is_virtual:
            return []
        total, _ = totals.collect(self.ctx, quote)
        return [rate_out(r) for r in total.extra["shipping_rates"]]

    def shipping_methods(self, row) -> list[ShippingMethodInterface]:
        if row.items_count == 0 or row.is_virtual:
            return []
        shipping = carts.Loaded(self.ctx, row).shipping
        if shipping is None or not shipping.get("country_id"):
            raise StateException(SHIPPING_ADDRESS_MISSING)
        return self._rates(row, shipping)

    def estimate(self, row, address: AddressInterface) -> list[ShippingMethodInterface]:
        return self._rates(row, addresses.values_of(address))

    def estimate_by_address_id(self, row, address_id: int) -> list[ShippingMethodInterface]:
        saved = None
        if row.customer_id is not None:
            customer = load_customer(self.ctx, row.customer_id)
            saved = next((a for a in customer.addresses or [] if a.id == address_id), None)
        if saved is None:
            raise NoSuchEntityException.single_field("addressId", address_id)
        return self._rates(row, addresses.from_customer_address(saved, row.customer_email))

    # ------------------------------------------------------------------ billing address

    def billing_address(self, row) -> AddressInterface:
        return addresses.wire(carts.Loaded(self.ctx, row).billing)

    def assign_billing(self, row, address: AddressInterface, use_for_shipping: bool) -> int:
        values = self.address_values(row, address)
        if addresses.too_long(values):
            raise InputException(ADDRESS_NOT_SAVED)
        address_id = carts.save_address(self.ctx, row.id, "billing", values)
        if use_for_shipping:
            carts.save_address(self.ctx, row.id, "shipping", {**values, "same_as_billing": 1})
        carts.collect_and_save(self.ctx, row.id)
        return address_id

    def address_values(self, row, address: AddressInterface) -> dict[str, Any]:
        """A client's address for this cart: a customer cart fills in the customer and the e-mail."""
        values = addresses.values_of(address)
        if row.customer_id is not None:
            values["customer_id"] = row.customer_id
            values["email"] = values["email"] or row.customer_email
        return values

    # ------------------------------------------------------------------ payment

    def payment(self, row) -> PaymentInterface:
        p = carts.Loaded(self.ctx, row).payment
        if p is None:
            return PaymentInterface.of(method=None)
        return PaymentInterface.of(method=p.method, po_number=p.po_number, additional_data=carts.loads(p.additional_data))

    def payment_methods(self, row) -> list[PaymentMethodInterface]:
        quote = carts.pipeline_quote(self.ctx, carts.Loaded(self.ctx, row))
        total, _ = totals.collect(self.ctx, quote)
        return [PaymentMethodInterface.of(code=c, title=payments.title(self.ctx, c))
                for c in payments.available(self.ctx, quote, total)]

    def set_payment(self, row, method: PaymentInterface, check_address: bool = True) -> int:
        """Store the payment method after the platform's checks (shipping address, availability)."""
        prepared = self.prepare_payment(row, method, check_address)
        carts.save_collected(self.ctx, prepared.quote, prepared.total, prepared.segments)
        return prepared.cart.payment.payment_id

    def prepare_payment(self, row, method: PaymentInterface, check_address: bool = True,
                        cart: carts.Loaded | None = None) -> carts.Prepared:
        """``set_payment`` up to the collection, which is left unsaved: the checks' collection is the one
        of the cart with its new payment (the method is the same), so it is collected once."""
        if cart is None:
            cart = carts.Loaded(self.ctx, row)
        if check_address and not row.is_virtual and not (cart.shipping or {}).get("country_id"):
            raise StateException(SHIPPING_ADDRESS_MISSING)
        data = {"method": (method.method or "").strip(), "po_number": method.po_number,
                "additional_data": method.additional_data}
        quote = carts.pipeline_quote(self.ctx, cart, payment_method=data["method"])
        total, segments = totals.collect(self.ctx, quote)
        if data["method"] not in payments.available(self.ctx, quote, total):
            raise LocalizedException(PAYMENT_NOT_AVAILABLE)
        payments.methods()[data["method"]].validate(self.ctx, data)
        carts.store_payment(self.ctx, cart, data)
        return carts.Prepared(cart, quote, total, segments)

    # ------------------------------------------------------------------ totals

    def collect_totals(self, row, payment_method: PaymentInterface, carrier: str | None, method: str | None) -> TotalsInterface:
        self.set_payment(row, payment_method)
        if carrier and method:
            carts.set_fields(self.ctx, row.id, shipping_carrier_code=carrier, shipping_method_code=method)
        return carts.collect_and_save(self.ctx, row.id).totals

    # ------------------------------------------------------------------ coupons

    def set_coupon(self, row, coupon_code: str) -> bool:
        """``PUT .../coupons/:couponCode``: the value is a code or a comma-separated list of codes; the
        registered coupon filter (coupons.py) decides which are stored, else the codes a rule accepts are.
        None kept: 404 and the cart keeps what it had."""
        if row.items_count == 0:
            raise NoSuchEntityException(NO_PRODUCTS, [row.id])
        if len(coupon_code.strip()) > quote_t.c.coupon_code.type.length:
            raise CouldNotSaveException(COUPON_NOT_APPLIED)  # the value cannot be stored whatever is kept of it
        codes = coupons.split(coupon_code)
        chosen = coupons.registered()
        kept = chosen(self.ctx, row, codes) if chosen is not None else coupons.accepted_on(self.ctx, row, codes)
        if not kept:
            raise NoSuchEntityException(COUPON_NOT_VALID)
        coupons.store(self.ctx, row, kept)
        return True

    def remove_coupon(self, row) -> bool:
        if row.items_count == 0:
            raise NoSuchEntityException(NO_PRODUCTS, [row.id])
        carts.set_fields(self.ctx, row.id, coupon_code=None)
        carts.collect_and_save(self.ctx, row.id)
        return True


# =========================================================================== admin and `mine` services

class _ById(Service):
    """Services addressed by numeric cart id (admin routes: active carts only; ``mine``: ``%cart_id%``)."""

    def _row(self, cart_id: int):
        return carts.row_of(self.ctx, cart_id)

    @property
    def carts(self) -> Carts:
        return Carts(self.ctx)


class CartRepository(_ById):
    interface = "Magento\\Quote\\Api\\CartRepositoryInterface"
    summary = "Carts by id"

    def get(self, cart_id: int) -> CartInterface:
        return self.carts.cart(self._row(cart_id))

    def get_list(self, search_criteria: SearchCriteria) -> CartSearchResults:
        page = search(self.conn, _SELECT_CARTS, search_criteria, SEARCH_FIELDS, quote_t.c.id, search_limits(self.ctx))
        ops = self.carts
        return CartSearchResults.of(items=[ops.cart(r) for r in page.rows], search_criteria=page.criteria,
                                    total_count=page.total_count)

    def save(self, quote: CartInterface) -> None:
        """The customer's own cart: its note and billing address."""
        if quote.id is None:
            raise InputException.required("id")
        row = self._row(quote.id)
        sent = quote.sent()
        values = {k: sent[k] for k in ("customer_note", "customer_note_notify") if k in sent}
        if values:
            carts.set_fields(self.ctx, row.id, **values)
        if quote.billing_address is not None:
            carts.save_address(self.ctx, row.id, "billing", self.carts.address_values(row, quote.billing_address))
        extensions.save(self.ctx, CART_INTERFACE, row.id, quote.extension_attributes)
        carts.collect_and_save(self.ctx, row.id)


class CartManagement(_ById):
    interface = "Magento\\Quote\\Api\\CartManagementInterface"
    summary = "Creating, assigning and ordering carts"

    def create_empty_cart(self) -> int:
        return carts.create(self.ctx)

    def create_empty_cart_for_customer(self, customer_id: int) -> int:
        return self.carts.for_customer(customer_id)

    def get_cart_for_customer(self, customer_id: int) -> CartInterface:
        cart_id = carts.active_cart_id(self.ctx, customer_id)
        if cart_id is None:
            raise NoSuchEntityException.single_field("customerId", customer_id)
        return self.carts.cart(self._row(cart_id))

    def assign_customer(self, cart_id: int, customer_id: int, store_id: int) -> bool:
        return self.carts.assign(self._row(cart_id), customer_id, store_id)

    def place_order(self, cart_id: int, payment_method: PaymentInterface | None = None) -> int:
        with ordering.placement_limit(self.ctx):
            return ordering.place_order(self.ctx, self._row(cart_id).id, payment_method)


class CartItemRepository(_ById):
    interface = "Magento\\Quote\\Api\\CartItemRepositoryInterface"
    summary = "Cart items"

    def get_list(self, cart_id: int) -> list[CartItemInterface]:
        return self.carts.items(self._row(cart_id))

    def save(self, cart_item: CartItemInterface, cart_id: int | None = None,
             quote_id: int | None = None) -> CartItemInterface:
        """D7: the path's cart id (``:cartId`` or ``:quoteId``; ``mine`` forces it) wins over the body's."""
        target = cart_id if cart_id is not None else quote_id
        if target is None:
            if not (cart_item.quote_id or "").strip():
                raise InputException.required("quoteId")
            if not digits(cart_item.quote_id.strip()):
                raise carts.not_found(cart_item.quote_id)
            target = int(cart_item.quote_id)
        return self.carts.save_item(self._row(target), cart_item)

    def delete_by_id(self, cart_id: int, item_id: int) -> bool:
        return self.carts.delete_item(self._row(cart_id), item_id)


class ShippingMethodManagement(_ById):
    interface = "Magento\\Quote\\Api\\ShippingMethodManagementInterface"
    summary = "Shipping methods of a cart"

    def get_list(self, cart_id: int) -> list[ShippingMethodInterface]:
        return self.carts.shipping_methods(self._row(cart_id))

    def estimate_by_address_id(self, cart_id: int, address_id: int) -> list[ShippingMethodInterface]:
        return self.carts.estimate_by_address_id(self._row(cart_id), address_id)


class ShipmentEstimation(_ById):
    interface = "Magento\\Quote\\Api\\ShipmentEstimationInterface"
    summary = "Shipping estimates"

    def estimate_by_extended_address(self, cart_id: int, address: AddressInterface) -> list[ShippingMethodInterface]:
        return self.carts.estimate(self._row(cart_id), address)


class CartTotalRepository(_ById):
    interface = "Magento\\Quote\\Api\\CartTotalRepositoryInterface"
    summary = "Cart totals"

    def get(self, cart_id: int) -> TotalsInterface:
        return carts.stored_totals(self._row(cart_id))


class CartTotalManagement(_ById):
    interface = "Magento\\Quote\\Api\\CartTotalManagementInterface"
    summary = "Collecting cart totals"

    def collect_totals(self, cart_id: int, payment_method: PaymentInterface, shipping_carrier_code: str | None = None,
                       shipping_method_code: str | None = None,
                       additional_data: TotalsAdditionalDataInterface | None = None) -> TotalsInterface:
        return self.carts.collect_totals(self._row(cart_id), payment_method, shipping_carrier_code,
                                         shipping_method_code)


class PaymentMethodManagement(_ById):
    interface = "Magento\\Quote\\Api\\PaymentMethodManagementInterface"
    summary = "Payment methods of a cart"

    def get(self, cart_id: int) -> PaymentInterface:
        return self.carts.payment(self._row(cart_id))

    def set(self, cart_id: int, method: PaymentInterface) -> int:
        return self.carts.set_payment(self._row(cart_id), method)

    def get_list(self, cart_id: int) -> list[PaymentMethodInterface]:
        return self.carts.payment_methods(self._row(cart_id))


class BillingAddressManagement(_ById):
    interface = "Magento\\Quote\\Api\\BillingAddressManagementInterface"
    summary = "Cart billing address"

    def get(self, cart_id: int) -> AddressInterface:
        return self.carts.billing_address(self._row(cart_id))

    def assign(self, cart_id: int, address: AddressInterface, use_for_shipping: bool = False) -> int:
        return self.carts.assign_billing(self._row(cart_id), address, use_for_shipping)


class CouponManagement(_ById):
    interface = "Magento\\Quote\\Api\\CouponManagementInterface"
    summary = "Coupon of a cart"

    def get(self, cart_id: int) -> str | None:
        return self._row(cart_id).coupon_code

    def set(self, cart_id: int, coupon_code: str) -> bool:
        return self.carts.set_coupon(self._row(cart_id), coupon_code)

    def remove(self, cart_id: int) -> bool:
        return self.carts.remove_coupon(self._row(cart_id))


# =========================================================================== guest services (masked ids)

class _Guest(Service):
    def _row(self, cart_id: str):
        return carts.by_masked_id(self.ctx, cart_id)

    @property
    def carts(self) -> Carts:
        return Carts(self.ctx)


class GuestCartRepository(_Guest):
    interface = "Magento\\Quote\\Api\\GuestCartRepositoryInterface"
    summary = "Guest carts"

    def get(self, cart_id: str) -> CartInterface:
        return self.carts.cart(self._row(cart_id))


class GuestCartManagement(_Guest):
    interface = "Magento\\Quote\\Api\\GuestCartManagementInterface"
    summary = "Creating, assigning and ordering guest carts"

    def create_empty_cart(self) -> str:
        return carts.create_row(self.ctx).masked_id

    def assign_customer(self, cart_id: str, customer_id: int, store_id: int) -> bool:
        return self.carts.assign(self._row(cart_id), customer_id, store_id)

    def place_order(self, cart_id: str, payment_method: PaymentInterface | None = None) -> int:
        row = self._row(cart_id)
        ordering.check_guest_checkout(self.ctx)
        with ordering.placement_limit(self.ctx):
            return ordering.place_order(self.ctx, row.id, payment_method)


class GuestCartItemRepository(_Guest):
    interface = "Magento\\Quote\\Api\\GuestCartItemRepositoryInterface"
    summary = "Guest cart items"

    def get_list(self, cart_id: str) -> list[CartItemInterface]:
        """The items answer the masked id as their ``quote_id``, as the platform's guest list does."""
        row = self._row(cart_id)
        items = self.carts.items(row)
        for item in items:
            item.quote_id = row.masked_id
        return items

    def save(self, cart_item: CartItemInterface, cart_id: str | None = None) -> CartItemInterface:
        """D7: the path's masked id wins over ``cartItem.quote_id``."""
        masked = cart_id if cart_id is not None else (cart_item.quote_id or "").strip()
        if not masked:
            raise InputException.required("quoteId")
        return self.carts.save_item(self._row(masked), cart_item)

    def delete_by_id(self, cart_id: str, item_id: int) -> bool:
        return self.carts.delete_item(self._row(cart_id), item_id)


class GuestShippingMethodManagement(_Guest):
    interface = "Magento\\Quote\\Api\\GuestShippingMethodManagementInterface"
    summary = "Shipping methods of a guest cart"

    def get_list(self, cart_id: str) -> list[ShippingMethodInterface]:
        return self.carts.shipping_methods(self._row(cart_id))


class GuestShipmentEstimation(_Guest):
    interface = "Magento\\Quote\\Api\\GuestShipmentEstimationInterface"
    summary = "Shipping estimates for a guest cart"

    def estimate_by_extended_address(self, cart_id: str, address: AddressInterface) -> list[ShippingMethodInterface]:
        return self.carts.estimate(self._row(cart_id), address)


class GuestCartTotalRepository(_Guest):
    interface = "Magento\\Quote\\Api\\GuestCartTotalRepositoryInterface"
    summary = "Guest cart totals"

    def get(self, cart_id: str) -> TotalsInterface:
        return carts.stored_totals(self._row(cart_id))


class GuestCartTotalManagement(_Guest):
    interface = "Magento\\Quote\\Api\\GuestCartTotalManagementInterface"
    summary = "Collecting guest cart totals"

    def collect_totals(self, cart_id: str, payment_method: PaymentInterface, shipping_carrier_code: str | None = None,
                       shipping_method_code: str | None = None,
                       additional_data: TotalsAdditionalDataInterface | None = None) -> TotalsInterface:
        return self.carts.collect_totals(self._row(cart_id), payment_method, shipping_carrier_code,
                                         shipping_method_code)


class GuestPaymentMethodManagement(_Guest):
    interface = "Magento\\Quote\\Api\\GuestPaymentMethodManagementInterface"
    summary = "Payment methods of a guest cart"

    def get(self, cart_id: str) -> PaymentInterface:
        return self.carts.payment(self._row(cart_id))

    def set(self, cart_id: str, method: PaymentInterface) -> int:
        return self.carts.set_payment(self._row(cart_id), method)

    def get_list(self, cart_id: str) -> list[PaymentMethodInterface]:
        return self.carts.payment_methods(self._row(cart_id))


class GuestBillingAddressManagement(_Guest):
    interface = "Magento\\Quote\\Api\\GuestBillingAddressManagementInterface"
    summary = "Guest cart billing address"

    def get(self, cart_id: str) -> AddressInterface:
        return self.carts.billing_address(self._row(cart_id))

    def assign(self, cart_id: str, address: AddressInterface, use_for_shipping: bool = False) -> int:
        return self.carts.assign_billing(self._row(cart_id), address, use_for_shipping)


class GuestCouponManagement(_Guest):
    interface = "Magento\\Quote\\Api\\GuestCouponManagementInterface"
    summary = "Coupon of a guest cart"

    def get(self, cart_id: str) -> str | None:
        return self._row(cart_id).coupon_code

    def set(self, cart_id: str, coupon_code: str) -> bool:
        return self.carts.set_coupon(self._row(cart_id), coupon_code)

    def remove(self, cart_id: str) -> bool:
        return self.carts.remove_coupon(self._row(cart_id))
