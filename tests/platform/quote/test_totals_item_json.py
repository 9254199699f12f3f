"""The totals object's items are written straight into their JSON form (``carts.totals_item``): the
bytes are those of the ``TotalsItemInterface`` data object they replace, dumped by its declared types."""
from decimal import Decimal

import orjson

from vdcommerce.framework import extensions
from vdcommerce.framework.data import Dumped, dump_value, parse_type
from vdcommerce.platform.quote import carts, totals
from vdcommerce.platform.quote.api import TotalsInterface, TotalsItemExtensionInterface, TotalsItemInterface


def _as_data_object(i: totals.Item) -> TotalsItemInterface:
    """The line as a data object, field by field as the totals object has always given it."""
    shown = extensions.codes_kept_by_owner(carts.TOTALS_ITEM_INTERFACE)
    values = {k: v for k, v in i.extension.items() if k in shown}
    if i.added_by:
        values["added_by"] = i.added_by
    return TotalsItemInterface.of(
        item_id=i.item_id, price=i.price, base_price=i.price, qty=i.qty, row_total=i.row_total,
        base_row_total=i.row_total, row_total_with_discount=0, tax_amount=0, base_tax_amount=0, tax_percent=0,
        discount_amount=i.discount_amount, base_discount_amount=i.discount_amount,
        discount_percent=i.discount_percent, price_incl_tax=i.price, base_price_incl_tax=i.price,
        row_total_incl_tax=i.row_total, base_row_total_incl_tax=i.row_total,
        options=orjson.dumps(i.options).decode(), name=i.name,
        extension_attributes=TotalsItemExtensionInterface.of(**values) if values else None)


ITEMS = [
    totals.Item(item_id=7, product_id=1, sku="A", name="Plain", product_type="simple", qty=Decimal("3"),
                price=Decimal("10.00"), row_total=Decimal("30.00"), discount_amount=Decimal("9.09"),
                discount_percent=Decimal("10")),
    totals.Item(item_id=8, product_id=2, sku="B", name="Fractions", product_type="simple", qty=Decimal("1.5"),
                price=Decimal("19.99"), row_total=Decimal("29.985"), discount_amount=Decimal("0.3333"),
                discount_percent=Decimal("12.5"), options=[{"option_id": "1", "option_value": "x"}]),
    totals.Item(item_id=None, product_id=3, sku="C", name="", product_type="virtual",  # type: ignore[arg-type]
                qty=Decimal(2), price=Decimal(0), added_by="giftwrap", added_key="k",
                extension={"not_declared": 1}),
    totals.Item(item_id=9, product_id=4, sku="D", name=None, product_type="simple",  # type: ignore[arg-type]
                qty=Decimal("1e2"), price=Decimal("-0.00"), row_total=Decimal("12345678901234567.5")),
]


def test_each_line_dumps_as_its_data_object():
    shown = extensions.codes_kept_by_owner(carts.TOTALS_ITEM_INTERFACE)
    for item in ITEMS:
        fast = carts.totals_item(item, shown)
        assert type(fast) is Dumped
        assert orjson.dumps(fast) == orjson.dumps(_as_data_object(item).dump()), item.sku


def test_the_totals_object_passes_its_lines_on_as_they_are():
    quote = totals.Quote(id=1, store_id=1, website_id=1, customer_id=None, customer_group_id=0, customer_email=None,
                         coupon_code=None, items=list(ITEMS), shipping_address=None, billing_address=None,
                         shipping_carrier_code=None, shipping_method_code=None, payment_method=None)
    total = totals.Total(subtotal=Decimal("59.985"), grand_total=Decimal("50.5"))
    segments = [totals.Segment("subtotal", "Subtotal", Decimal("59.985"))]
    built = carts.totals_object(quote, total, segments)
    answer = dump_value(built, parse_type(TotalsInterface))
    assert answer["items"] == [_as_data_object(i).dump() for i in ITEMS]
    assert answer["items"][2]["extension_attributes"] == {"added_by": "giftwrap"}
    assert "name" not in answer["items"][3] and answer["items"][3]["price"] == 0
    assert orjson.dumps(built.dump()) == orjson.dumps(answer)  # the stored totals are the same bytes
