"""The rule -> product index: built when a rule is saved, kept current when products change, and, with
the indexer on schedule, built by the scheduled job."""
import httpx
import sqlalchemy as sa

from tests.helpers import ok
from tests.helpers.quote import category

from .conftest import BASE, indexed, leaf, new_rule, tree


def _run_jobs(server, sql):
    """``cron run``, after forgetting the module's past runs: a due time runs once, and two runs of a test
    may fall in the same minute."""
    with sql.begin() as c:
        c.execute(sa.text("DELETE FROM cron_schedule WHERE job_code LIKE 'vendor_reports_%'"))
    server.cli("cron", "run")


def _all(server, admin_token):
    return server.client(admin_token, store="all")


def test_a_saved_rule_indexes_the_products_it_selects(admin, sql, family):
    prefix, by_price = family
    ids = {price: p["id"] for price, p in by_price.items()}
    cheap = new_rule(admin, serialized_conditions=tree(leaf("sku", "{}", prefix), leaf("price", "<", "50")))
    assert indexed(sql, cheap["entity_id"]) == {ids[10], ids[30]}
    either = new_rule(admin, serialized_conditions=tree(leaf("price", "<", "20"), leaf("price", ">", "50"),
                                                        aggregator="any"))
    assert {ids[10], ids[60]} <= indexed(sql, either["entity_id"]) and ids[30] not in indexed(sql, either["entity_id"])
    red_cheap = new_rule(admin, serialized_conditions=tree(leaf("sku", "{}", prefix), leaf("color", "==", "49"),
                                                           leaf("price", "<", "50")))
    assert indexed(sql, red_cheap["entity_id"]) == {ids[10]}
    # value "0": the children must be false
    not_cheap = new_rule(admin, serialized_conditions=tree(leaf("price", "<", "50"), value="0"))
    assert ids[60] in indexed(sql, not_cheap["entity_id"]) and ids[10] not in indexed(sql, not_cheap["entity_id"])
    # a changed tree replaces the rows
    ok(admin.put(f"{BASE}/{cheap['entity_id']}",
                 json={"rule": {"serialized_conditions": tree(leaf("sku", "()", f"{prefix}-60"))}}))
    assert indexed(sql, cheap["entity_id"]) == {ids[60]}


def test_an_empty_rule_selects_every_product(admin, sql, family):
    rule = new_rule(admin)
    with sql.connect() as c:
        every = set(c.execute(sa.text("SELECT entity_id FROM catalog_product_entity")).scalars())
    assert indexed(sql, rule["entity_id"]) == every


def test_product_changes_keep_the_index_current(server, admin, admin_token, sql, family):
    prefix, by_price = family
    rule = new_rule(admin, serialized_conditions=tree(leaf("sku", "{}", prefix), leaf("price", "<", "50")))
    rid = rule["entity_id"]
    cheap, dear = by_price[10], by_price[60]
    with _all(server, admin_token) as c:
        ok(c.put(f"/V1/products/{cheap['sku']}", json={"product": {"price": 99}}))
        assert cheap["id"] not in indexed(sql, rid)
        ok(c.put(f"/V1/products/{dear['sku']}", json={"product": {"price": 5}}))
        assert dear["id"] in indexed(sql, rid)
        assert ok(c.delete(f"/V1/products/{dear['sku']}")) is True
    assert indexed(sql, rid) == {by_price[30]["id"]}


def test_category_conditions(server, admin, admin_token, sql, family):
    prefix, by_price = family
    cid = category(server, admin_token)
    rule = new_rule(admin, serialized_conditions=tree(leaf("category_ids", "==", cid)))
    assert indexed(sql, rule["entity_id"]) == set()
    with _all(server, admin_token) as c:
        sku = by_price[30]["sku"]
        ok(c.put(f"/V1/products/{sku}", json={"product": {"extension_attributes": {
            "category_links": [{"category_id": cid, "position": 0}]}}}))
    assert indexed(sql, rule["entity_id"]) == {by_price[30]["id"]}


def test_deleting_a_rule_removes_its_rows(admin, sql, family):
    prefix, _ = family
    rule = new_rule(admin, serialized_conditions=tree(leaf("sku", "{}", prefix)))
    assert len(indexed(sql, rule["entity_id"])) == 3
    assert ok(admin.delete(f"{BASE}/{rule['entity_id']}")) is True
    assert indexed(sql, rule["entity_id"]) == set()


def test_on_schedule_the_job_indexes_what_waits(server, admin, admin_token, sql, family, on_schedule):
    prefix, by_price = family
    rule = new_rule(admin, serialized_conditions=tree(leaf("sku", "{}", prefix), leaf("price", ">", "20")))
    rid = rule["entity_id"]
    assert rule["status"] == 0 and indexed(sql, rid) == set()
    assert ok(admin.get(BASE, params={"entityId": rid}))["status"] == 0

    _run_jobs(server, sql)
    indexed_rule = ok(admin.get(BASE, params={"entityId": rid}))
    assert indexed_rule["status"] == 1 and indexed(sql, rid) == {by_price[30]["id"], by_price[60]["id"]}

    # a product change leaves the rules waiting for the next run
    with _all(server, admin_token) as c:
        ok(c.put(f"/V1/products/{by_price[10]['sku']}", json={"product": {"price": 25}}))
    assert ok(admin.get(BASE, params={"entityId": rid}))["status"] == 0
    assert by_price[10]["id"] not in indexed(sql, rid)
    _run_jobs(server, sql)
    assert ok(admin.get(BASE, params={"entityId": rid}))["status"] == 1
    assert indexed(sql, rid) == {p["id"] for p in by_price.values()}


def test_the_full_reindex_catches_category_assignments(server, admin, admin_token, sql, family):
    prefix, by_price = family
    cid = category(server, admin_token)
    rule = new_rule(admin, serialized_conditions=tree(leaf("category_ids", "==", cid)))
    r = httpx.post(f"{server.url}/rest/all/V1/categories/{cid}/products",
                   json={"productLink": {"sku": by_price[60]["sku"], "category_id": cid, "position": 1}},
                   headers={"Authorization": f"Bearer {admin_token}"})
    assert r.status_code == 200, r.text
    assert indexed(sql, rule["entity_id"]) == set()  # no product event for an assignment
    server.config("vendor_reports/indexer/full_reindex_cron_expr", "* * * * *")
    try:
        _run_jobs(server, sql)
    finally:
        server.config("vendor_reports/indexer/full_reindex_cron_expr", "30 3 * * *")
    assert indexed(sql, rule["entity_id"]) == {by_price[60]["id"]}


def test_deleting_a_category_takes_its_products_out_of_the_rules(server, admin, admin_token, sql, family):
    prefix, by_price = family
    cid = category(server, admin_token)
    with _all(server, admin_token) as c:
        ok(c.put(f"/V1/products/{by_price[10]['sku']}", json={"product": {"extension_attributes": {
            "category_links": [{"category_id": cid, "position": 0}]}}}))
        rule = new_rule(admin, serialized_conditions=tree(leaf("category_ids", "==", cid)))
        other = new_rule(admin, serialized_conditions=tree(leaf("sku", "{}", prefix)))
        assert indexed(sql, rule["entity_id"]) == {by_price[10]["id"]}
        assert ok(c.delete(f"/V1/categories/{cid}")) is True
    assert indexed(sql, rule["entity_id"]) == set()
    assert len(indexed(sql, other["entity_id"])) == 3
