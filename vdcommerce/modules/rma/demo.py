"""Demo RMA data: a return rule (30 days, 14 for a refund) and John Smith's return of one of the two yoga
straps of his shipped order, with a chat message (nothing when there is a request or a rule already, or
the demo order is missing). The statuses, reasons, conditions and resolutions come with the module."""
from sqlalchemy import Connection, select

from ...framework.context import Context
from ...framework.packages import load_packages, read_config_defaults
from ...platform.config.service import load_state
from ...platform.customer.service import customer_id_by_email
from ...framework.search import Filter, FilterGroup, SearchCriteria, SortOrder
from ...platform.sales.service import customer_orders
from .api import RequestInterface, RequestItemInterface, ReturnRulesInterface, RuleResolutionInterface
from .reference import ReturnRulesRepository
from .service import add_message, create_request
from . import logic
from .tables import request, return_rule

DEMO_CUSTOMER = "john.smith@example.com"


def load(conn: Connection) -> None:
    ctx = Context(conn, store_id=0, config=load_state(conn, read_config_defaults(load_packages())))
    if conn.execute(select(return_rule.c.id).limit(1)).first() is None:
        ReturnRulesRepository(ctx).save(ReturnRulesInterface.of(
            name="Standard return periods", status=1, priority=10, default_resolution=30,
            resolutions=[RuleResolutionInterface.of(resolution_id=2, value=14)]))
    if conn.execute(select(request.c.request_id).limit(1)).first() is not None:
        return
    customer_id = customer_id_by_email(conn, DEMO_CUSTOMER)
    if customer_id is None:
        return
    complete = customer_orders(ctx, customer_id, SearchCriteria.of(
        filter_groups=[FilterGroup.of(filters=[Filter.of(field="status", value="complete", condition_type="eq")])],
        sort_orders=[SortOrder.of(field="entity_id", direction="ASC")], page_size=1, current_page=1))
    if not complete.items:
        return
    order_id = int(complete.items[0].entity_id or 0)
    order = logic.load_order(ctx, order_id)
    item = next((i for i in order.items or [] if (i.qty_shipped or 0) >= 1), None)
    if item is None:
        return
    made = create_request(ctx, RequestInterface.of(order_id=order_id, customer_id=customer_id, request_items=[
        RequestItemInterface.of(order_item_id=item.item_id, qty=1, reason_id=1, condition_id=1, resolution_id=1)]),
        None)
    row = logic.request_row(ctx, int(made.request_id or 0))
    add_message(ctx, row, "The strap is too short for me. Could I get the long one instead?", [],
                customer_id=customer_id, manager_id=0, name=row.customer_name, manager=False, system=False,
                notify=False)
