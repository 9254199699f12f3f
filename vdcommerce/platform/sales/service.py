"""Orders: placing one from a cart, the order repository, order management, order
addresses and order items. Invoices, shipments and credit memos are in ``documents.py``.

Choices where the platform leaves room (docs/platform/sales.md lists them):

- ``OrderRepository::save`` without ``entity_id`` creates an order from the given data: items need
  ``sku``, ``qty_ordered`` and ``price``; a billing address, a shipping address (in
  ``extension_attributes.shipping_assignments``, unless every item is virtual) and a payment method are
  required; missing totals are computed from the items. Items whose SKU is in the catalog take their
  product id (and name, type, weight when not given) from it and take their quantity from stock, as
  placing an order does; other SKUs are kept as given and move no stock.
- With ``entity_id`` it edits that order: e-mail, names, note, shipping description, and the status
  (which decides the state; a state alone takes its default status); items, addresses, payment and
  totals in the body are ignored (addresses have their own route), so a client may send back the order
  it read.
- A comment records the status it is given (default: the order's); the order's status changes only
  through the actions.
"""
from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Iterable, Literal, Mapping, Sequence

from sqlalchemy import ColumnElement, bindparam, delete, select, update

from ...framework import events
from ...framework.context import Context, Service
from ...framework.exceptions import InputException, LocalizedException, NoSuchEntityException
from ...framework.search import SearchCriteria, SearchField, search, search_limits
from ..catalog import stock
from ..catalog.service import product_facts
from ..customer import directory
from ..customer.service import load_customer
from ..quote.carts import delete_cart
from ..quote.totals import ZERO, Quote, Segment, Total, cents
from . import documents, hooks, orders
from .api import (CreditmemoCommentCreationInterface, CreditmemoCreationArgumentsExtensionInterface,
                  CreditmemoCreationArgumentsInterface, CreditmemoItemCreationInterface, OrderAddressInterface,
                  OrderInterface, OrderItemInterface, OrderItemSearchResultInterface, OrderSearchResultInterface,
                  OrderStatusHistoryInterface, OrderStatusHistorySearchResultInterface)
from .orders import NewOrder, dec, json_text, not_found, order_row, touch
from .tables import creditmemo as creditmemo_t
from .tables import invoice as invoice_t
from .tables import order as order_t
from .tables import order_address as address_t
from .tables import order_item as item_t
from .tables import shipment as shipment_t

NO_ITEMS = "Please specify order items."
NO_PAYMENT = "Enter a valid payment method and try again."
NO_SHIPPING_ADDRESS = "The shipping address is missing. Set the address and try again."
BAD_ADDRESS = {"billing": "Please check the billing address information. %1",
               "shipping": "Please check the shipping address information. %1"}
HOLD_NOT_AVAILABLE = "A hold action is not available."
CANNOT_UNHOLD = "You cannot remove the hold."
CANCELABLE = ("new", "pending_payment", "processing")

_EMAIL = re.compile(r"[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+"
                    r"[A-Za-z]{2,63}")


# --------------------------------------------------------------------------- placing an order from a cart

def _quote_address(a, email: str) -> dict[str, Any]:
    return {"firstname": a.firstname, "lastname": a.lastname, "company": a.company, "street": json_text(a.street),
            "city": a.city, "region": a.region, "region_id": a.region_id, "region_code": a.region_code,
            "postcode": a.postcode, "country_id": a.country_id, "telephone": a.telephone,
            "email": a.email or email, "customer_address_id": a.customer_address_id, "quote_address_id": None}


def _rule_ids(ids) -> str | None:
    return ",".join(str(i) for i in sorted(set(ids))) or None


def _weight(items: list[dict[str, Any]]) -> Decimal | None:
    weighed = [i["weight"] * i["qty_ordered"] for i in items if not i["is_virtual"] and i["weight"] is not None]
    return sum(weighed, ZERO) if weighed else None


def create_order(ctx: Context, quote: Quote, total: Total, segments: list[Segment], *, email: str,
                 customer_firstname: str | None, customer_lastname: str | None, payment: dict[str, Any],
                 shipping_description: str | None) -> tuple[int, str]:
    """Write the order of a freshly collected cart (checkout calls this after taking the stock) and
    raise ``sales_model_service_quote_submit_before``. Answers (order id, increment id)."""
    items = [{
        "quote_item_id": i.item_id, "product_id": i.product_id, "sku": i.sku, "name": i.name,
        "product_type": i.product_type, "is_virtual": int(i.is_virtual), "qty_ordered": i.qty, "price": i.price,
        "original_price": i.price, "row_total": i.row_total, "discount_amount": i.discount_amount,
        "discount_percent": i.discount_percent, "weight": i.weight, "applied_rule_ids": _rule_ids(i.applied_rule_ids),
        "extension": json_text(i.extension)} for i in quote.items]
    head = {
        "store_id": quote.store_id, "quote_id": quote.id, "customer_id": quote.customer_id, "customer_email": email,
        "customer_firstname": customer_firstname, "customer_lastname": customer_lastname,
        "customer_is_guest": int(quote.customer_id is None), "customer_group_id": quote.customer_group_id,
        "subtotal": total.subtotal, "discount_amount": total.discount_amount,
        "shipping_discount_amount": total.shipping_discount_amount,
        "discount_description": ", ".join(total.discount_descriptions) or None, "coupon_code": total.coupon_code,
        "applied_rule_ids": _rule_ids(total.applied_rule_ids), "shipping_amount": total.shipping_amount,
        "shipping_method": None if quote.is_virtual else quote.shipping_method,
        "shipping_description": shipping_description, "tax_amount": total.tax_amount,
        "grand_total": total.grand_total, "total_qty_ordered": sum((i.qty for i in quote.items), ZERO),
        "total_item_count": len(quote.items), "weight": _weight(items),
        "adjustments": json_text({k: str(v) for k, v in total.adjustments.items()}),
        "extension": json_text(total.extension)}
    billing = quote.billing_address or quote.shipping_address
    shipping = None if quote.is_virtual or quote.shipping_address is None else _quote_address(quote.shipping_address,
                                                                                             email)
    new = NewOrder(head=head, items=items, billing=_quote_address(billing, email), shipping=shipping,
                   payment={"method": payment["method"], "po_number": payment.get("po_number"),
                            "additional_information": json_text(_information(payment.get("additional_data")))})
    order_id, increment_id = orders.write_order(ctx, new)
    events.dispatch(ctx, "sales_model_service_quote_submit_before", quote=quote, total=total, order_id=order_id)
    return order_id, increment_id


def _information(data: Any) -> list[str] | dict[str, str] | None:
    """Payment additional data as the order keeps it: a list of strings, or an object of strings when
    the cart's was one (its keys kept, as a payment method set them)."""
    if not data:
        return None
    if isinstance(data, dict):
        return {str(k): str(v) for k, v in data.items()}
    if isinstance(data, (list, tuple)):
        return [str(v) for v in data]
    return [str(data)]


# --------------------------------------------------------------------------- creating an order from data

def address_values(a: OrderAddressInterface | None, kind: str) -> dict[str, Any]:
    """A checked order address as stored; 400 ``Please check the <kind> address information. ...``
    naming every missing field."""
    a = a if a is not None else OrderAddressInterface()
    problems: list[LocalizedException] = []
    text = {name: (getattr(a, name) or "").strip() or None
            for name in ("firstname", "lastname", "city", "telephone", "postcode", "company", "email", "region",
                         "region_code")}
    country = (a.country_id or "").strip().upper() or None
    street = [line for line in (a.street or []) if line is not None]
    for name in ("firstname", "lastname"):
        if text[name] is None:
            problems.append(InputException.required(name))
    if not street or not street[0].strip():
        problems.append(InputException.required("street"))
    if text["city"] is None:
        problems.append(InputException.required("city"))
    if country is None:
        problems.append(InputException.required("country_id"))
    elif country not in directory.COUNTRIES:
        problems.append(InputException.invalid_value("country_id", a.country_id))
    if text["telephone"] is None:
        problems.append(InputException.required("telephone"))
    if text["postcode"] is None and country not in directory.OPTIONAL_POSTCODE:
        problems.append(InputException.required("postcode"))
    region = _region(a, country, text, problems)
    if problems:
        raise InputException(BAD_ADDRESS[kind], [" ".join(p.rendered() for p in problems)])
    return {"firstname": text["firstname"], "lastname": text["lastname"], "company": text["company"],
            "street": json_text(street), "city": text["city"], "postcode": text["postcode"], "country_id": country,
            "telephone": text["telephone"], "email": text["email"], "customer_address_id": a.customer_address_id,
            "quote_address_id": a.quote_address_id, **region}


def _region(a: OrderAddressInterface, country: str | None, text: dict, problems: list) -> dict[str, Any]:
    """US addresses name one of the country's regions (by id, code or name); others keep free text."""
    if country not in directory.REGION_REQUIRED:
        return {"region_id": None, "region_code": text["region_code"], "region": text["region"] or text["region_code"]}
    found = None
    if a.region_id:
        found = directory.region_by_id(a.region_id)
        found = found if found is not None and found.country_id == country else None
    elif text["region_code"] or text["region"]:
        name = text["region_code"] or text["region"]
        found = directory.region_by_code(country, name) or directory.region_by_name(country, name)
    if found is None:
        problems.append(InputException.required("region_id"))
        return {}
    return {"region_id": found.region_id, "region_code": found.code, "region": found.name}


def _item_values(conn, item: OrderItemInterface) -> tuple[dict[str, Any], int | None]:
    """One order item as stored, and the catalog product it takes stock from (None: not in the catalog)."""
    sku = (item.sku or "").strip()
    if not sku:
        raise InputException.required("sku")
    if item.qty_ordered is None:
        raise InputException.required("qty_ordered")
    if item.qty_ordered <= 0:
        raise InputException.invalid_value("qty_ordered", item.qty_ordered)
    if item.price is None:
        raise InputException.required("price")
    if item.price < 0:
        raise InputException.invalid_value("price", item.price)
    facts = product_facts(conn, sku)
    qty, price = dec(item.qty_ordered), cents(item.price)
    product_type = item.product_type or (facts.type_id if facts else "simple")
    weight = item.weight if item.weight is not None else (facts.weight if facts else None)
    values = {
        "quote_item_id": item.quote_item_id, "product_id": facts.id if facts else None,
        "sku": facts.sku if facts else sku, "name": item.name or (facts.name if facts else sku),
        "product_type": product_type,
        "is_virtual": int(item.is_virtual) if item.is_virtual is not None else int(product_type == "virtual"),
        "qty_ordered": qty, "price": price,
        "original_price": cents(item.original_price) if item.original_price is not None else price,
        "row_total": cents(item.row_total) if item.row_total is not None else cents(price * qty),
        "discount_amount": abs(cents(item.discount_amount or 0)), "discount_percent": dec(item.discount_percent),
        "tax_amount": cents(item.tax_amount or 0), "tax_percent": dec(item.tax_percent),
        "weight": dec(weight) if weight is not None else None, "applied_rule_ids": item.applied_rule_ids}
    return values, values["product_id"]


def _customer(ctx: Context, order: OrderInterface) -> dict[str, Any]:
    """The customer part of a new order: a known customer's account, or a guest."""
    email = (order.customer_email or "").strip()
    if order.customer_id is None:
        values = {"customer_id": None, "customer_is_guest": 1, "customer_group_id": 0,
                  "customer_firstname": order.customer_firstname, "customer_lastname": order.customer_lastname}
    else:
        c = load_customer(ctx, order.customer_id)
        email = email or c.email
        values = {"customer_id": c.id, "customer_is_guest": 0, "customer_group_id": c.group_id,
                  "customer_firstname": order.customer_firstname or c.firstname,
                  "customer_lastname": order.customer_lastname or c.lastname}
    if not email:
        raise InputException.required("customer_email")
    if not _EMAIL.fullmatch(email):
        raise InputException.invalid_value("customer_email", order.customer_email)
    return {**values, "customer_email": email}


def _store_id(ctx: Context, given: int | None) -> int:
    if given is None:
        return ctx.store_id or 1
    if given == 0 or given not in ctx.config.website_of:
        raise InputException.invalid_value("store_id", given)
    return given


def _new_order(ctx: Context, order: OrderInterface) -> NewOrder:
    """Check the data of a new order and complete what can be computed (docs/platform/sales.md)."""
    conn = ctx.conn
    if not order.items:
        raise InputException(NO_ITEMS)
    items, wanted = [], {}
    for given in order.items:
        values, product_id = _item_values(conn, given)
        items.append(values)
        if product_id is not None:
            wanted[product_id] = wanted.get(product_id, ZERO) + values["qty_ordered"]
    assignments = order.extension_attributes.shipping_assignments if order.extension_attributes else None
    shipping_info = assignments[0].shipping if assignments else None
    virtual = all(i["is_virtual"] for i in items)
    shipping = None
    if not virtual:
        if shipping_info is None or shipping_info.address is None:
            raise InputException(NO_SHIPPING_ADDRESS)
        shipping = address_values(shipping_info.address, "shipping")
    billing = address_values(order.billing_address, "billing")
    method = (order.payment.method or "").strip() if order.payment else ""
    if not method:
        raise InputException(NO_PAYMENT)
    head = {**_customer(ctx, order), "store_id": _store_id(ctx, order.store_id), "quote_id": order.quote_id,
            "customer_note": order.customer_note, "coupon_code": order.coupon_code,
            "discount_description": order.discount_description, "applied_rule_ids": order.applied_rule_ids,
            "shipping_description": order.shipping_description,
            "shipping_method": None if virtual else shipping_info.method}
    shipping_total = shipping_info.total if shipping_info is not None else None
    head["subtotal"] = cents(order.subtotal) if order.subtotal is not None else sum(
        (i["row_total"] for i in items), ZERO)
    head["discount_amount"] = -abs(cents(order.discount_amount)) if order.discount_amount is not None else -sum(
        (i["discount_amount"] for i in items), ZERO)
    head["shipping_discount_amount"] = ZERO
    head["shipping_amount"] = cents(order.shipping_amount if order.shipping_amount is not None
                                    else shipping_total.shipping_amount if shipping_total is not None
                                    and shipping_total.shipping_amount is not None else 0)
    head["tax_amount"] = cents(order.tax_amount) if order.tax_amount is not None else sum(
        (i["tax_amount"] for i in items), ZERO)
    head["grand_total"] = cents(order.grand_total) if order.grand_total is not None else max(
        ZERO, head["subtotal"] + head["discount_amount"] + head["shipping_amount"] + head["tax_amount"])
    head["total_qty_ordered"] = sum((i["qty_ordered"] for i in items), ZERO)
    head["total_item_count"] = len(items)
    head["weight"] = dec(order.weight) if order.weight is not None else _weight(items)
    if wanted:
        stock.deduct(conn, wanted, stock.defaults(ctx))
    payment = {"method": method, "po_number": order.payment.po_number,
               "additional_information": json_text(order.payment.additional_information)}
    return NewOrder(head=head, items=items, billing=billing, shipping=shipping, payment=payment)


_EDITABLE = ("customer_email", "customer_firstname", "customer_lastname", "customer_note", "shipping_description")


def _edit(ctx: Context, order: OrderInterface) -> None:
    """Change the plain fields and the status of an existing order (see the module docstring)."""
    o = order_row(ctx.conn, order.entity_id, lock=True)
    sent = order.sent()
    values = {k: sent[k] for k in _EDITABLE if k in sent}
    if "customer_email" in values:
        email = (values["customer_email"] or "").strip()
        if not _EMAIL.fullmatch(email):
            raise InputException.invalid_value("customer_email", values["customer_email"])
        values["customer_email"] = email
    status, state = sent.get("status"), sent.get("state")
    if status is not None:  # the status decides (a client may send back the state it read)
        if status not in orders.STATE_OF:
            raise InputException.invalid_value("status", status)
        values.update(state=orders.STATE_OF[status], status=status)
    elif state is not None:
        if state not in orders.STATUS_OF:
            raise InputException.invalid_value("state", state)
        values.update(state=state, status=orders.STATUS_OF[state])
    touch(ctx, o, values)


# --------------------------------------------------------------------------- search fields

def _fields(table, names: dict[str, str]) -> dict[str, SearchField]:
    return {name: SearchField(table.c[name], kind) for name, kind in names.items()}


ORDER_FIELDS = _fields(order_t, {
    "entity_id": "int", "increment_id": "string", "state": "string", "status": "string", "store_id": "int",
    "quote_id": "int", "customer_id": "int", "customer_email": "string", "customer_firstname": "string",
    "customer_lastname": "string", "customer_is_guest": "int", "customer_group_id": "int", "coupon_code": "string",
    "applied_rule_ids": "string", "subtotal": "float", "discount_amount": "float", "shipping_amount": "float",
    "tax_amount": "float", "grand_total": "float", "total_paid": "float", "total_invoiced": "float",
    "total_refunded": "float", "total_due": "float", "total_qty_ordered": "float", "total_item_count": "int",
    "shipping_description": "string", "created_at": "datetime", "updated_at": "datetime"})
ORDER_FIELDS["base_grand_total"] = ORDER_FIELDS["grand_total"]
ORDER_FIELDS["base_subtotal"] = ORDER_FIELDS["subtotal"]

ITEM_FIELDS = _fields(item_t, {
    "item_id": "int", "order_id": "int", "quote_item_id": "int", "product_id": "int", "sku": "string",
    "name": "string", "product_type": "string", "is_virtual": "int", "qty_ordered": "float", "qty_invoiced": "float",
    "qty_shipped": "float", "qty_refunded": "float", "qty_canceled": "float", "price": "float", "row_total": "float",
    "discount_amount": "float", "tax_amount": "float", "applied_rule_ids": "string", "created_at": "datetime",
    "updated_at": "datetime"})

_ALL_ORDERS = select(order_t)
_ALL_ITEMS = select(item_t)
_item_by_id = select(item_t).where(item_t.c.item_id == bindparam("id"))


# --------------------------------------------------------------------------- order lists

def search_orders(ctx: Context, criteria: SearchCriteria | None, *, where: Sequence[ColumnElement[bool]] = (),
                  filtered: bool = True) -> OrderSearchResultInterface:
    """Orders by searchCriteria, as ``GET /V1/orders`` lists them: through the declared list filters
    (``filtered``), and with the further conditions ``where`` (a module's own list, say its archive,
    passes its condition and ``filtered=False``)."""
    conditions = [*where, *(hooks.list_conditions(ctx, "order", order_t.c.entity_id) if filtered else ())]
    base = _ALL_ORDERS.where(*conditions) if conditions else _ALL_ORDERS
    page = search(ctx.conn, base, criteria, ORDER_FIELDS, order_t.c.entity_id, search_limits(ctx))
    return OrderSearchResultInterface.of(items=orders.orders_out(ctx, page.rows), search_criteria=page.criteria,
                                         total_count=page.total_count)


def customer_orders(ctx: Context, customer_id: int, criteria: SearchCriteria | None) -> OrderSearchResultInterface:
    """A customer's own orders (the list a module's customer route serves), through the list filters."""
    return search_orders(ctx, criteria, where=[order_t.c.customer_id == customer_id])


def customer_order(ctx: Context, customer_id: int, order_id: int) -> OrderInterface:
    """One of a customer's orders; 404 when it is another's or a list filter hides it."""
    conditions = [order_t.c.entity_id == order_id, order_t.c.customer_id == customer_id,
                  *hooks.list_conditions(ctx, "order", order_t.c.entity_id)]
    row = ctx.conn.execute(_ALL_ORDERS.where(*conditions)).first()
    if row is None:
        raise not_found()
    return orders.orders_out(ctx, [row])[0]


# --------------------------------------------------------------------------- documents of orders, deleting orders

_DOCUMENT_TABLES = {"invoice": invoice_t, "shipment": shipment_t, "creditmemo": creditmemo_t}


def order_documents(ctx: Context, order_ids: Sequence[int]) -> dict[str, list[int]]:
    """The ids of the invoices, shipments and credit memos of ``order_ids``, by kind, ascending,
    whether or not a list filter hides them (a module that moves orders reports their documents)."""
    ids = list(order_ids)
    out: dict[str, list[int]] = {}
    for kind, table in _DOCUMENT_TABLES.items():
        out[kind] = list(ctx.conn.execute(select(table.c.entity_id).where(table.c.order_id.in_(ids))
                                          .order_by(table.c.entity_id)).scalars()) if ids else []
    return out


def delete_order(ctx: Context, order_id: int) -> dict[str, list[int]] | None:
    """Delete an order for good: its cart, its invoices, shipments and credit memos, then the order
    with its items, addresses, payment and comments. Answers the deleted document ids by kind (as
    ``order_documents``), None when there is no such order."""
    try:
        row = order_row(ctx.conn, order_id, lock=True)
    except NoSuchEntityException:
        return None
    documents = order_documents(ctx, [order_id])
    if row.quote_id is not None:
        delete_cart(ctx, row.quote_id)
    for kind in ("creditmemo", "shipment", "invoice"):
        table = _DOCUMENT_TABLES[kind]
        ctx.conn.execute(delete(table).where(table.c.order_id == order_id))
    ctx.conn.execute(delete(order_t).where(order_t.c.entity_id == order_id))
    return documents


# --------------------------------------------------------------------------- services

class OrderRepository(Service):
    interface = "Magento\\Sales\\Api\\OrderRepositoryInterface"
    summary = "Orders"

    def get(self, id: int) -> OrderInterface:  # noqa: A002 - the platform's parameter name
        return orders.load_order(self.ctx, id)

    def get_list(self, search_criteria: SearchCriteria) -> OrderSearchResultInterface:
        return search_orders(self.ctx, search_criteria)

    def save(self, entity: OrderInterface) -> OrderInterface:
        if entity.entity_id is not None:
            _edit(self.ctx, entity)
            return orders.load_order(self.ctx, entity.entity_id)
        order_id, _ = orders.write_order(self.ctx, _new_order(self.ctx, entity))
        return orders.load_order(self.ctx, order_id)


class OrderManagement(Service):
    interface = "Magento\\Sales\\Api\\OrderManagementInterface"
    summary = "Order actions"

    def get_status(self, id: int) -> str:  # noqa: A002
        return order_row(self.conn, id).status

    def cancel(self, id: int) -> bool:  # noqa: A002
        """Cancel what is neither invoiced nor shipped; give back its stock and the rules' usage."""
        o = order_row(self.conn, id, lock=True)
        items = orders.item_rows(self.conn, id)
        if o.state not in CANCELABLE or not any(orders.to_invoice(i) > 0 for i in items):
            return False
        returned: dict[int, Decimal] = {}
        stamp = orders.now(self.ctx)
        for i in items:
            qty = orders.to_cancel(i)
            if qty <= 0:
                continue
            self.conn.execute(update(item_t).where(item_t.c.item_id == i.item_id).values(
                qty_canceled=i.qty_canceled + qty, updated_at=stamp))
            if i.product_id is not None:
                returned[i.product_id] = returned.get(i.product_id, ZERO) + qty
        items = orders.item_rows(self.conn, id)
        state = orders.settled_state(o.state, items, o.total_paid, o.total_refunded)
        if not any(i.qty_invoiced > 0 for i in items):
            state = "canceled"
        canceled = o.grand_total - dec(o.total_invoiced)
        stock.restore(self.conn, returned)
        touch(self.ctx, o, {"state": state, "status": orders.STATUS_OF[state], "total_canceled": canceled,
                            "total_due": orders.due(o.grand_total, o.total_paid, canceled)})
        events.dispatch(self.ctx, "sales_order_cancel_after", order_id=o.entity_id, customer_id=o.customer_id,
                        applied_rule_ids=[int(r) for r in (o.applied_rule_ids or "").split(",") if r.strip()],
                        coupon_code=o.coupon_code, items_returned=returned)
        return True

    def notify(self, id: int) -> bool:  # noqa: A002
        orders.notify(self.ctx, order_row(self.conn, id), "order")
        return True

    def hold(self, id: int) -> bool:  # noqa: A002
        o = order_row(self.conn, id, lock=True)
        if o.state not in ("new", "processing"):
            raise LocalizedException(HOLD_NOT_AVAILABLE)
        touch(self.ctx, o, {"state": "holded", "status": orders.STATUS_OF["holded"],
                            "hold_before_state": o.state, "hold_before_status": o.status})
        return True

    def un_hold(self, id: int) -> bool:  # noqa: A002
        o = order_row(self.conn, id, lock=True)
        if o.state != "holded" or not o.hold_before_state:
            raise LocalizedException(CANNOT_UNHOLD)
        touch(self.ctx, o, {"state": o.hold_before_state, "status": o.hold_before_status,
                            "hold_before_state": None, "hold_before_status": None})
        return True

    def add_comment(self, id: int, status_history: OrderStatusHistoryInterface) -> bool:  # noqa: A002
        o = order_row(self.conn, id, lock=True)
        comment = (status_history.comment or "").strip()
        if not comment:
            raise InputException.required("comment")
        notified = bool(status_history.is_customer_notified)
        orders.add_history(self.ctx, o.entity_id, comment, status_history.status or o.status, notified,
                           int(bool(status_history.is_visible_on_front)))
        if notified:
            orders.notify(self.ctx, o, "comment", comment)
        touch(self.ctx, o)
        return True

    def get_comments_list(self, id: int) -> OrderStatusHistorySearchResultInterface:  # noqa: A002
        order_row(self.conn, id)
        rows = [orders.history_out(h) for h in orders.history_rows(self.conn, id)]
        return OrderStatusHistorySearchResultInterface.of(
            items=rows, search_criteria=SearchCriteria.of(filter_groups=[]), total_count=len(rows))


class OrderAddressRepository(Service):
    interface = "Magento\\Sales\\Api\\OrderAddressRepositoryInterface"
    summary = "Order addresses"

    def save(self, entity: OrderAddressInterface) -> OrderAddressInterface:
        """Edit one of the order's addresses (the path names the order): the one with ``entity_id``,
        else the one of ``address_type``. Fields left out keep their values."""
        o = order_row(self.conn, entity.parent_id, lock=True)
        query = select(address_t).where(address_t.c.parent_id == o.entity_id)
        if entity.entity_id is not None:
            query = query.where(address_t.c.entity_id == entity.entity_id)
        elif entity.address_type:
            query = query.where(address_t.c.address_type == entity.address_type)
        else:
            raise InputException.required("entity_id")
        stored = self.conn.execute(query).first()
        if stored is None:
            raise NoSuchEntityException.single_field("entity_id" if entity.entity_id is not None else "address_type",
                                                     entity.entity_id if entity.entity_id is not None
                                                     else entity.address_type)
        current = orders.address_out(stored)
        merged = {name: getattr(current, name) for name in OrderAddressInterface.fields()}
        sent = entity.sent()
        if ("region_code" in sent or "region" in sent) and "region_id" not in sent:
            merged["region_id"] = None  # a region named anew replaces the stored one
        merged.update(sent)
        values = address_values(OrderAddressInterface.of(**merged), stored.address_type)
        self.conn.execute(update(address_t).where(address_t.c.entity_id == stored.entity_id).values(values))
        touch(self.ctx, o)
        row = self.conn.execute(select(address_t).where(address_t.c.entity_id == stored.entity_id)).first()
        return orders.address_out(row)


class OrderItemRepository(Service):
    interface = "Magento\\Sales\\Api\\OrderItemRepositoryInterface"
    summary = "Order items"

    def get(self, id: int) -> OrderItemInterface:  # noqa: A002
        row = self.conn.execute(_item_by_id, {"id": id}).first()
        if row is None:
            raise not_found()
        return orders.item_out(row)

    def get_list(self, search_criteria: SearchCriteria) -> OrderItemSearchResultInterface:
        page = search(self.conn, _ALL_ITEMS, search_criteria, ITEM_FIELDS, item_t.c.item_id, search_limits(self.ctx))
        return OrderItemSearchResultInterface.of(items=[orders.item_out(r) for r in page.rows],
                                                 search_criteria=page.criteria, total_count=page.total_count)


# --------------------------------------------------------------------------- cancel and refund for modules

STORE_CREDIT_UNAVAILABLE = "Store credit is not available for this order."


@dataclass(frozen=True)
class RefundResult:
    """What ``refund_order`` wrote: the credit memo, its total, and what went to store credit of what was
    asked (``to_store_credit``)."""
    creditmemo_id: int
    grand_total: Decimal
    store_credit: Decimal


def cancel_order(ctx: Context, order_id: int) -> bool:
    """Cancel what is neither invoiced nor shipped, as ``POST /V1/orders/:id/cancel`` does, in the caller's
    transaction with the order locked: the quantities are cancelled, their stock comes back, the cart
    rules' usage is given back and ``sales_order_cancel_after`` is raised. False (nothing written) when
    the order's state is not ``new``, ``pending_payment`` or ``processing`` or nothing is left to invoice;
    an unknown order is a 404."""
    return OrderManagement(ctx).cancel(order_id)


def refund_order(ctx: Context, order_id: int, *, items: Mapping[int, Decimal] | None = None,
                 shipping_amount: Decimal | None = None, adjustment_positive: Decimal = ZERO,
                 adjustment_negative: Decimal = ZERO, return_to_stock: Iterable[int] = (),
                 to_store_credit: Decimal | Literal["all"] | None = None, comment: str | None = None,
                 append_comment: bool = False, notify: bool = False) -> RefundResult:
    """Write one offline credit memo of the order, as ``POST /V1/order/:orderId/refund`` does, in the
    caller's transaction with the order locked, with the same checks, errors, events and refund handlers.

    ``items``: order item id -> quantity (None: every quantity invoiced and not yet refunded);
    ``shipping_amount`` None: the shipping not yet refunded; ``return_to_stock``: the order item ids whose
    refunded quantities go back to stock; ``to_store_credit``: an amount of the credit memo's total (or
    ``"all"``) that the store-credit refund handlers put into the customer's balance (400 ``Store credit
    is not available for this order.`` before anything is written when none is declared or the order is
    a guest's)."""
    if to_store_credit is not None and not store_credit_available(ctx, order_id):
        raise LocalizedException(STORE_CREDIT_UNAVAILABLE)
    chosen = None if items is None else tuple(CreditmemoItemCreationInterface.of(order_item_id=int(item_id),
                                                                                 qty=float(qty))
                                              for item_id, qty in items.items())  # () is: no items
    arguments = CreditmemoCreationArgumentsInterface.of(
        shipping_amount=None if shipping_amount is None else float(shipping_amount),
        adjustment_positive=float(adjustment_positive), adjustment_negative=float(adjustment_negative),
        extension_attributes=CreditmemoCreationArgumentsExtensionInterface.of(
            return_to_stock_items=[int(i) for i in return_to_stock]))
    note = CreditmemoCommentCreationInterface.of(comment=comment, is_visible_on_front=0) if comment else None
    done = documents.refund(ctx, order_id, None, chosen, notify, append_comment, note, arguments, to_store_credit)
    return RefundResult(done.creditmemo_id, done.grand_total, done.store_credit)


def set_order_status(ctx: Context, order_id: int, status: str) -> None:
    """Give the order a status, as the repository's edit does (``OrderRepository.save`` with
    ``entity_id`` and ``status``): the status decides the state; ``sales_order_save_after`` is raised."""
    OrderRepository(ctx).save(OrderInterface.of(entity_id=order_id, status=status))


def store_credit_available(ctx: Context, order_id: int | None = None) -> bool:
    """Whether a refund can put money into store credit: a refund handler declared ``store_credit="true"``
    exists and, with an order, the order has a customer (404 for an unknown order)."""
    if not hooks.store_credit_handlers():
        return False
    return order_id is None or order_row(ctx.conn, order_id).customer_id is not None
