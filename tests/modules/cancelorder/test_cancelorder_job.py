"""The auto-cancel job ``vendor_cancelorder_auto_cancel`` under the job clock: unpaid orders are cancelled
a configured time after they were placed, per payment method, as of the time the job is run at. On a
server of its own: the job would cancel every other test's pending orders."""
import datetime as dt
import re

from tests.helpers import ok
from tests.helpers.mail import outbox

from .conftest import RECORDS, comments, invoice, order_of

JOB = "vendor_cancelorder_auto_cancel"


def utc_now() -> dt.datetime:
    return dt.datetime.now(dt.timezone.utc).replace(tzinfo=None, microsecond=0)


def run_job(server, at: dt.datetime, check: bool = True):
    return server.cli("cron", "run", "--job", JOB, "--at", f"{at:%Y-%m-%d %H:%M:%S}", check=check)


def test_unpaid_orders_are_cancelled_after_the_configured_time(own_server):
    server = own_server
    token = server.token()
    with server.client(token) as admin, server.client(token, "all") as all_client:
        before = utc_now()
        sku, check = order_of(all_client, None)
        _, transfer = order_of(all_client, None, method="banktransfer")
        _, cash = order_of(all_client, None, method="cashondelivery")
        _, paid = order_of(all_client, None)
        invoice(all_client, paid)
        placed = utc_now()

        # off by default: nothing happens
        out = run_job(server, placed + dt.timedelta(days=30)).stdout
        assert re.search(rf"^{JOB}  \S+ \S+  success$", out, re.M), out
        assert ok(admin.get(f"/V1/orders/{check['entity_id']}"))["status"] == "pending"

        server.config("vd_cancel_order/auto_cancel_mode/enabled", "1")
        server.config("vd_cancel_order/auto_cancel_mode/conditions",
                      '[{"payment_methods": "checkmo", "duration": 2, "duration_unit": "days"},'
                      ' {"payment_methods": "free,banktransfer", "duration": 3, "duration_unit": "hours"}]')
        server.config("vd_cancel_order/admin_email/auto_canceled_enabled", "1")
        server.config("vd_cancel_order/admin_email/auto_canceled_to", "shop@example.com")

        # not due yet: the bank transfer is (3 hours), the check/money order is not (2 days)
        at = before + dt.timedelta(days=2) - dt.timedelta(minutes=1)
        out = run_job(server, at).stdout
        assert f'success  {{"total_count": 3, "canceled_count": 1}}' in out, out
        assert ok(admin.get(f"/V1/orders/{check['entity_id']}"))["status"] == "pending"
        assert ok(admin.get(f"/V1/orders/{transfer['entity_id']}"))["status"] == "canceled"

        at = placed + dt.timedelta(days=2, minutes=1)
        out = run_job(server, at).stdout
        assert f'success  {{"total_count": 2, "canceled_count": 1}}' in out, out
        got = ok(admin.get(f"/V1/orders/{check['entity_id']}"))
        assert (got["state"], got["status"]) == ("canceled", "canceled")
        assert got["updated_at"] == f"{at:%Y-%m-%d %H:%M:%S}"  # the job clock's time
        (comment,) = [c for c in comments(admin, check["entity_id"]) if c["comment"].startswith("Order was")]
        assert comment["comment"] == "Order was cancelled automatically."
        assert comment["created_at"] == f"{at:%Y-%m-%d %H:%M:%S}"
        (record,) = ok(admin.get(f"{RECORDS}/all", params={
            "searchCriteria[filter_groups][0][filters][0][field]": "order_id",
            "searchCriteria[filter_groups][0][filters][0][value]": check["entity_id"]}))["items"]
        assert record == {"id": record["id"], "order_id": check["entity_id"], "reason": "", "comment": "",
                          "status": 1, "created_at": f"{at:%Y-%m-%d %H:%M:%S}"}
        assert ok(admin.get(f"/V1/products/{sku}"))["extension_attributes"]["stock_item"]["qty"] == 100
        # no condition names cash on delivery; the paid order is processing, not a candidate
        assert ok(admin.get(f"/V1/orders/{cash['entity_id']}"))["status"] == "pending"
        assert ok(admin.get(f"/V1/orders/{paid['entity_id']}"))["status"] == "processing"
        mails = outbox(admin, template_id="vd_cancel_order_auto_canceled_email_template")
        assert sorted(m["entity_id"] for m in mails) == sorted([check["entity_id"], transfer["entity_id"]])
        assert all(m["to_email"] == "shop@example.com" for m in mails)

        # the same time again: nothing is left to cancel
        out = run_job(server, at).stdout
        assert f'success  {{"total_count": 1, "canceled_count": 0}}' in out, out

        # only orders created at or after created_from
        server.config("vd_cancel_order/auto_cancel_mode/created_from", f"{placed + dt.timedelta(days=1):%Y-%m-%d}")
        server.config("vd_cancel_order/auto_cancel_mode/conditions",
                      '[{"payment_methods": "cashondelivery", "duration": 1, "duration_unit": "minutes"}]')
        out = run_job(server, at).stdout
        assert f'success  {{"total_count": 0, "canceled_count": 0}}' in out, out
        server.config("vd_cancel_order/auto_cancel_mode/created_from", "")
        out = run_job(server, at).stdout
        assert f'success  {{"total_count": 1, "canceled_count": 1}}' in out, out
        assert ok(admin.get(f"/V1/orders/{cash['entity_id']}"))["status"] == "canceled"

        # conditions that are not valid fail the run, recorded in the scheduler's history
        for broken in ("not json", '[{"payment_methods": "checkmo", "duration": 0, "duration_unit": "days"}]',
                       '[{"payment_methods": "checkmo", "duration": 1, "duration_unit": "years"}]'):
            server.config("vd_cancel_order/auto_cancel_mode/conditions", broken)
            r = run_job(server, at, check=False)
            assert r.returncode == 1 and "error  The auto-cancel conditions are not valid." in r.stdout, r.stdout
        history = ok(admin.get("/V1/vdcommerce/cron/schedule", params={
            "searchCriteria[filter_groups][0][filters][0][field]": "job_code",
            "searchCriteria[filter_groups][0][filters][0][value]": JOB,
            "searchCriteria[filter_groups][1][filters][0][field]": "status",
            "searchCriteria[filter_groups][1][filters][0][value]": "error"}))["items"]
        assert len(history) == 3 and history[0]["messages"] == "The auto-cancel conditions are not valid."
