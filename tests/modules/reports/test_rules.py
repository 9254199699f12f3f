"""Report rules over HTTP: create, read, update, list and delete, as the admin sees them."""
import re

from tests.helpers import ok, unique

from .conftest import BASE, leaf, new_rule, normalised, tree

RED_UNDER_50 = (leaf("color", "==", "49"), leaf("price", "<", "50"))
TIME = re.compile(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}")


def test_create_returns_every_field_with_the_conditions_normalised(admin):
    title = unique("Red items under 50 ")
    created = ok(admin.post(BASE, json={"rule": {"title": title, "pin": 1,
                                                 "serialized_conditions": tree(*RED_UNDER_50)}}))
    assert list(created) == ["entity_id", "title", "status", "updated_at", "serialized_conditions", "pin",
                             "condition_empty"]
    assert created == {"entity_id": created["entity_id"], "title": title, "status": 1,
                       "updated_at": created["updated_at"], "serialized_conditions": normalised(*RED_UNDER_50),
                       "pin": 1, "condition_empty": False}
    assert isinstance(created["entity_id"], int) and TIME.fullmatch(created["updated_at"])
    assert ok(admin.get(BASE, params={"entityId": created["entity_id"]})) == created


def test_defaults_of_a_new_rule_and_empty_conditions(admin):
    created = new_rule(admin)
    # no conditions: left out, the rule is empty (it selects every product), not pinned, indexed
    assert "serialized_conditions" not in created
    assert created["condition_empty"] is True and created["pin"] == 0 and created["status"] == 1
    for empty in ("", tree()):
        rule = new_rule(admin, serialized_conditions=empty)
        assert rule["condition_empty"] is True
    assert new_rule(admin, serialized_conditions=tree())["serialized_conditions"] == normalised()


def test_camel_case_keys_are_accepted(admin):
    rule = ok(admin.post(BASE, json={"rule": {"title": "camel", "serializedConditions": tree(*RED_UNDER_50)}}))
    assert rule["serialized_conditions"] == normalised(*RED_UNDER_50) and rule["condition_empty"] is False


def test_put_merges_over_the_stored_rule_and_the_path_id_wins(admin):
    created = new_rule(admin, pin=1, serialized_conditions=tree(*RED_UNDER_50))
    other = new_rule(admin)
    path = f"{BASE}/{created['entity_id']}"
    renamed = ok(admin.put(path, json={"rule": {"title": "Red items below 50", "entity_id": other["entity_id"]}}))
    assert renamed["entity_id"] == created["entity_id"]
    assert {**renamed, "updated_at": None} == {**created, "title": "Red items below 50", "updated_at": None}
    assert ok(admin.get(BASE, params={"entityId": other["entity_id"]}))["title"] == other["title"]
    # conditions cleared with null
    cleared = ok(admin.put(path, json={"rule": {"serialized_conditions": None}}))
    assert "serialized_conditions" not in cleared and cleared["condition_empty"] is True
    assert cleared["title"] == "Red items below 50" and cleared["pin"] == 1


def test_post_with_an_id_updates_that_rule(admin):
    created = new_rule(admin)
    updated = ok(admin.post(BASE, json={"rule": {"entity_id": created["entity_id"], "pin": 1}}))
    assert updated["entity_id"] == created["entity_id"] and updated["pin"] == 1
    assert updated["title"] == created["title"]


def test_a_sent_status_or_update_time_is_overwritten_by_indexing(admin):
    rule = new_rule(admin, status=0, updated_at="2001-01-01 00:00:00")
    assert rule["status"] == 1 and rule["updated_at"] != "2001-01-01 00:00:00"
    rule = ok(admin.put(f"{BASE}/{rule['entity_id']}", json={"rule": {"status": 0}}))
    assert rule["status"] == 1


def test_unknown_ids_are_404(admin):
    gone = new_rule(admin)["entity_id"]
    assert ok(admin.delete(f"{BASE}/{gone}")) is True
    expected = {"message": 'Rule with specified ID "%1" not found.', "parameters": [gone]}
    for r in (admin.get(BASE, params={"entityId": gone}), admin.delete(f"{BASE}/{gone}"),
              admin.put(f"{BASE}/{gone}", json={"rule": {"title": "x"}}),
              admin.post(BASE, json={"rule": {"entity_id": gone, "title": "x"}})):
        assert r.status_code == 404 and r.json() == expected


def test_delete_returns_true_and_the_rule_is_gone(admin):
    rule = new_rule(admin)
    r = admin.delete(f"{BASE}/{rule['entity_id']}")
    assert r.status_code == 200 and r.json() is True
    assert admin.get(BASE, params={"entityId": rule["entity_id"]}).status_code == 404


def _criteria(*groups, **extra) -> dict:
    params = {}
    for g, group in enumerate(groups):
        for f, (field, value, *cond) in enumerate(group):
            prefix = f"searchCriteria[filter_groups][{g}][filters][{f}]"
            params[f"{prefix}[field]"] = field
            params[f"{prefix}[value]"] = value
            if cond:
                params[f"{prefix}[condition_type]"] = cond[0]
    for key, value in extra.items():
        params[f"searchCriteria[{key}]"] = value
    return params


def test_list_filters_sorts_and_pages(admin):
    tag = unique("list-")
    a = new_rule(admin, title=f"{tag} a", pin=1)
    b = new_rule(admin, title=f"{tag} b", pin=0, serialized_conditions=tree(*RED_UNDER_50))
    c = new_rule(admin, title=f"{tag} c", pin=1)
    like = (("title", f"{tag}%", "like"),)

    page = ok(admin.get(f"{BASE}/all", params=_criteria(like, (("pin", "1"),))))
    assert [i["entity_id"] for i in page["items"]] == [a["entity_id"], c["entity_id"]]
    assert page["total_count"] == 2 and page["items"][0] == a  # items are full rules
    assert page["search_criteria"]["filter_groups"][1] == {"filters": [{"field": "pin", "value": "1"}]}

    # OR inside a group
    either = (("entity_id", str(a["entity_id"])), ("entity_id", str(b["entity_id"])))
    page = ok(admin.get(f"{BASE}/all", params=_criteria(either)))
    assert {i["entity_id"] for i in page["items"]} == {a["entity_id"], b["entity_id"]}

    # sort, paging, total before paging
    params = _criteria(like, **{"sort_orders][0][field": "title", "sort_orders][0][direction": "DESC",
                                "pageSize": "2", "currentPage": "1"})
    page = ok(admin.get(f"{BASE}/all", params=params))
    assert [i["title"] for i in page["items"]] == [f"{tag} c", f"{tag} b"] and page["total_count"] == 3
    page = ok(admin.get(f"{BASE}/all", params={**params, "searchCriteria[currentPage]": "2"}))
    assert [i["title"] for i in page["items"]] == [f"{tag} a"]

    # status and updated_at are keys too
    page = ok(admin.get(f"{BASE}/all", params=_criteria(like, (("status", "1"),),
                                                       (("updated_at", "2000-01-01 00:00:00", "gt"),))))
    assert page["total_count"] == 3


def test_list_without_criteria(admin):
    new_rule(admin)
    r = admin.get(f"{BASE}/all")
    assert r.status_code == 400
    assert r.json() == {"message": '"%fieldName" is required. Enter and try again.',
                        "parameters": {"fieldName": "searchCriteria"}}
    page = ok(admin.get(f"{BASE}/all?searchCriteria="))
    assert page["total_count"] >= 1 and len(page["items"]) == page["total_count"]


def test_list_refuses_an_unknown_field(admin):
    r = admin.get(f"{BASE}/all", params=_criteria((("conditions_serialized", "x"),)))
    assert r.status_code == 400


def test_writes_are_offered_under_async(admin):
    r = admin.post(f"/async{BASE}", json={"rule": {"title": unique("async ")}})
    assert r.status_code == 202, r.text
    assert r.json()["request_items"][0]["status"] == "accepted"
