"""Option templates over HTTP: reading, saving with the option list rules, listing and deleting."""
import pytest
import sqlalchemy as sa

from tests.helpers import ok, unique
from tests.helpers.queue import wait_for
from tests.helpers.store import store_view

ONE = "/V1/vendor_prot/template"
LIST = "/V1/vendor_prot/templates"

ENGRAVING = {"title": "Engraving text", "type": "field", "sort_order": 1, "price": 5, "price_type": "fixed",
             "sku": "engr", "max_characters": 20, "font_color": "#333333", "font_size": 14}
GIFT_BOX = {"title": "Gift box", "type": "drop_down", "is_require": True, "sort_order": 2, "use_swatches": 1,
            "values": [{"title": "Red box", "price": 3, "sku": "box-red", "sort_order": 1, "swatch_value": "#c0392b"},
                       {"title": "Gold box", "price": 4.5, "sku": "box-gold", "sort_order": 2,
                        "swatch_value": "#d4af37"}]}


def create(admin, name=None, options=None) -> dict:
    body = {"name": name or unique("Template "), **({"options": options} if options is not None else {})}
    return ok(admin.post(ONE, json={"template": body}))


def get(admin, template_id) -> dict:
    return ok(admin.get(ONE, params={"templateId": template_id}))


def not_found(template_id):
    return {"message": 'Template with specified ID "%1" not found.', "parameters": [template_id]}


def required(field):
    return {"message": '"%fieldName" is required. Enter and try again.', "parameters": {"fieldName": field}}


def invalid(field, value):
    return {"message": 'Invalid value of "%value" provided for the %fieldName field.',
            "parameters": {"fieldName": field, "value": value}}


# --------------------------------------------------------------------------- reading and creating

def test_a_template_with_a_text_option_and_a_drop_down(admin):
    t = create(admin, "Engraving and gift box", [ENGRAVING, GIFT_BOX])
    tid = t["template_id"]
    engraving, box = t["options"]
    assert t == {
        "template_id": tid,
        "name": "Engraving and gift box",
        "options": [
            {"option_id": engraving["option_id"], "template_id": tid, "title": "Engraving text", "type": "field",
             "is_require": False, "sort_order": 1, "price": 5, "price_type": "fixed", "sku": "engr",
             "max_characters": 20, "font_color": "#333333", "font_size": 14, "use_swatches": 0},
            {"option_id": box["option_id"], "template_id": tid, "title": "Gift box", "type": "drop_down",
             "is_require": True, "sort_order": 2,
             "values": [
                 {"option_type_id": box["values"][0]["option_type_id"], "title": "Red box", "price": 3,
                  "price_type": "fixed", "sku": "box-red", "sort_order": 1, "swatch_value": "#c0392b"},
                 {"option_type_id": box["values"][1]["option_type_id"], "title": "Gold box", "price": 4.5,
                  "price_type": "fixed", "sku": "box-gold", "sort_order": 2, "swatch_value": "#d4af37"}],
             "use_swatches": 1}]}
    assert get(admin, tid) == t


def test_defaults_of_a_new_template_option_and_value(admin):
    t = create(admin, "Monogram", [{"title": "Initials", "type": "field", "is_require": True, "price": 2.5,
                                    "price_type": "fixed", "max_characters": 3}])
    assert t["options"] == [{"option_id": t["options"][0]["option_id"], "template_id": t["template_id"],
                             "title": "Initials", "type": "field", "is_require": True, "sort_order": 0,
                             "price": 2.5, "price_type": "fixed", "max_characters": 3, "use_swatches": 0}]
    bare = create(admin)
    assert bare == {"template_id": bare["template_id"], "name": bare["name"], "options": []}
    t = create(admin, options=[{"title": "Note", "type": "area"},
                               {"title": "Size", "type": "radio", "values": [{"title": "S"}]}])
    note, size = t["options"]
    assert note == {"option_id": note["option_id"], "template_id": t["template_id"], "title": "Note", "type": "area",
                    "is_require": False, "sort_order": 0, "price_type": "fixed", "use_swatches": 0}
    assert size["values"] == [{"option_type_id": size["values"][0]["option_type_id"], "title": "S", "price": 0,
                               "price_type": "fixed", "sort_order": 0}]
    assert "price" not in size and "price_type" not in size


def test_every_option_field_is_kept(admin):
    photo = {"title": "Your photo", "type": "file", "is_require": True, "sort_order": 3, "price": 10,
             "price_type": "percent", "sku": "photo", "file_extension": "jpg, png", "image_size_x": 2000,
             "image_size_y": 1500, "dependency": '[["1","2"]]', "font_color": "red", "font_size": 9,
             "option_list_type": 2, "use_swatches": 1}
    t = create(admin, options=[photo])
    assert t["options"][0] == {"option_id": t["options"][0]["option_id"], "template_id": t["template_id"], **photo}
    assert get(admin, t["template_id"])["options"][0] == t["options"][0]


@pytest.mark.parametrize("kind", ["field", "area", "file", "date", "date_time", "time"])
def test_types_without_values(admin, kind):
    t = create(admin, options=[{"title": kind, "type": kind, "price": 1}])
    option = t["options"][0]
    assert option["type"] == kind and option["price"] == 1 and option["price_type"] == "fixed"
    assert "values" not in option


@pytest.mark.parametrize("kind", ["drop_down", "radio", "checkbox", "multiple"])
def test_select_types_keep_their_prices_on_the_values(admin, kind):
    t = create(admin, options=[{"title": kind, "type": kind, "price": 9, "price_type": "percent",
                                "values": [{"title": "A", "price": 1, "price_type": "percent"}]}])
    option = t["options"][0]
    assert "price" not in option and "price_type" not in option
    assert [(v["title"], v["price"], v["price_type"]) for v in option["values"]] == [("A", 1, "percent")]


def test_options_and_values_are_ordered_by_sort_order_then_id(admin):
    t = create(admin, options=[
        {"title": "c", "type": "field", "sort_order": 2},
        {"title": "a", "type": "checkbox", "sort_order": 1,
         "values": [{"title": "v2", "sort_order": 5}, {"title": "v1", "sort_order": 1}, {"title": "v3", "sort_order": 5}]},
        {"title": "d", "type": "field", "sort_order": 2},
        {"title": "b", "type": "time", "sort_order": 1}])
    assert [o["title"] for o in t["options"]] == ["a", "b", "c", "d"]
    assert [v["title"] for v in t["options"][0]["values"]] == ["v1", "v2", "v3"]
    assert get(admin, t["template_id"]) == t


def test_the_id_may_be_sent_as_id_or_option_id(admin):
    t = create(admin, options=[ENGRAVING])
    for key in ("templateId", "id", "optionId", "template_id", "option_id"):
        assert ok(admin.get(ONE, params={key: t["template_id"]})) == t, key


def test_camel_case_keys_are_accepted(admin):
    t = ok(admin.post(ONE, json={"template": {"name": "Camel", "options": [
        {"title": "Box", "type": "drop_down", "isRequire": True, "sortOrder": 4, "useSwatches": 1, "fontSize": 12,
         "values": [{"title": "Red", "swatchValue": "#f00", "priceType": "percent", "sortOrder": 2}]}]}}))
    option = t["options"][0]
    assert (option["is_require"], option["sort_order"], option["use_swatches"], option["font_size"]) == (True, 4, 1, 12)
    assert (option["values"][0]["swatch_value"], option["values"][0]["price_type"]) == ("#f00", "percent")


def test_every_store_code_sees_the_same_template(server, admin, admin_token):
    store_view(server, "de")
    t = create(admin, options=[GIFT_BOX])
    for store in ("all", None, "default", "de"):
        with server.client(admin_token, store=store) as c:
            assert ok(c.get(ONE, params={"templateId": t["template_id"]})) == t
    with server.client(admin_token, store="all") as c:
        assert ok(c.put(f"{ONE}/{t['template_id']}", json={"template": {"name": "Under all"}}))["name"] == "Under all"
    with server.client(admin_token, store="de") as c:  # templates have no store-view values: one name for all
        assert ok(c.put(f"{ONE}/{t['template_id']}", json={"template": {"name": "Unter de"}}))["name"] == "Unter de"
    assert get(admin, t["template_id"]) == {**t, "name": "Unter de"}


def test_unknown_ids_are_a_404(admin):
    assert admin.get(ONE, params={"templateId": 999999}).status_code == 404
    assert admin.get(ONE, params={"templateId": 999999}).json() == not_found(999999)
    r = admin.put(f"{ONE}/999998", json={"template": {"name": "x"}})
    assert (r.status_code, r.json()) == (404, not_found(999998))
    r = admin.post(ONE, json={"template": {"template_id": 999997, "name": "x"}})
    assert (r.status_code, r.json()) == (404, not_found(999997))
    r = admin.delete(f"{ONE}/999996")
    assert (r.status_code, r.json()) == (404, not_found(999996))


# --------------------------------------------------------------------------- saving

def test_name_is_merged_and_options_stay_when_not_sent(admin):
    t = create(admin, "Before", [ENGRAVING, GIFT_BOX])
    after = ok(admin.put(f"{ONE}/{t['template_id']}", json={"template": {"name": "After"}}))
    assert after == {**t, "name": "After"}
    again = ok(admin.put(f"{ONE}/{t['template_id']}", json={"template": {}}))
    assert again == after


def test_the_path_id_decides_on_put(admin):
    a, b = create(admin, "A"), create(admin, "B")
    r = ok(admin.put(f"{ONE}/{a['template_id']}", json={"template": {"template_id": b["template_id"], "name": "A2"}}))
    assert r["template_id"] == a["template_id"]
    assert get(admin, a["template_id"])["name"] == "A2" and get(admin, b["template_id"])["name"] == "B"


def test_post_with_an_existing_id_edits_it(admin):
    t = create(admin, "Posted", [ENGRAVING])
    r = ok(admin.post(ONE, json={"template": {"template_id": t["template_id"], "name": "Posted again"}}))
    assert r == {**t, "name": "Posted again"}


def test_the_sent_option_list_replaces_the_stored_one(admin):
    t = create(admin, options=[ENGRAVING, GIFT_BOX])
    engraving, box = t["options"]
    red, gold = box["values"]
    r = ok(admin.put(f"{ONE}/{t['template_id']}", json={"template": {"options": [
        {"option_id": box["option_id"], "title": "Gift wrap",
         "values": [{"option_type_id": gold["option_type_id"], "price": 5}, {"title": "Silver box", "sort_order": 3}]},
        {"title": "Card message", "type": "area", "sort_order": 9}]}}))
    assert [o["title"] for o in r["options"]] == ["Gift wrap", "Card message"]
    wrap, card = r["options"]
    assert wrap["option_id"] == box["option_id"]
    assert {k: v for k, v in wrap.items() if k not in ("title", "values")} == \
        {k: v for k, v in box.items() if k not in ("title", "values")}
    assert wrap["values"][0] == {**gold, "price": 5}
    assert [v["title"] for v in wrap["values"]] == ["Gold box", "Silver box"]
    assert wrap["values"][1]["option_type_id"] not in (red["option_type_id"], gold["option_type_id"])
    assert card["option_id"] not in (engraving["option_id"], box["option_id"])
    assert get(admin, t["template_id"]) == r

    # an empty list removes every option
    assert ok(admin.put(f"{ONE}/{t['template_id']}", json={"template": {"options": []}}))["options"] == []
    assert get(admin, t["template_id"])["options"] == []


def test_an_option_merges_its_fields_and_null_clears_a_nullable_one(admin):
    t = create(admin, options=[ENGRAVING])
    option = t["options"][0]
    r = ok(admin.put(f"{ONE}/{t['template_id']}", json={"template": {"options": [
        {"option_id": option["option_id"], "sku": None, "font_size": 20, "is_require": True}]}}))
    expected = {**option, "font_size": 20, "is_require": True}
    del expected["sku"]
    assert r["options"] == [expected]


def test_values_stay_when_not_sent_and_change_with_the_type(admin):
    t = create(admin, options=[GIFT_BOX])
    box = t["options"][0]
    r = ok(admin.put(f"{ONE}/{t['template_id']}",
                     json={"template": {"options": [{"option_id": box["option_id"], "type": "radio"}]}}))
    assert r["options"][0] == {**box, "type": "radio"}
    # to a type without values: the values go, the option gets a price type
    r = ok(admin.put(f"{ONE}/{t['template_id']}",
                     json={"template": {"options": [{"option_id": box["option_id"], "type": "field", "price": 2}]}}))
    field = r["options"][0]
    assert "values" not in field and (field["price"], field["price_type"]) == (2, "fixed")
    # back to a select type: values must be sent again
    r = admin.put(f"{ONE}/{t['template_id']}",
                  json={"template": {"options": [{"option_id": box["option_id"], "type": "multiple"}]}})
    assert (r.status_code, r.json()) == (400, required("values"))


def test_options_of_another_template_are_refused(admin):
    a = create(admin, options=[GIFT_BOX])
    b = create(admin, options=[ENGRAVING])
    a_box = a["options"][0]
    r = admin.put(f"{ONE}/{b['template_id']}",
                  json={"template": {"options": [{"option_id": a_box["option_id"], "title": "Stolen"}]}})
    assert (r.status_code, r.json()) == (400, invalid("option_id", a_box["option_id"]))
    r = admin.post(ONE, json={"template": {"name": "New", "options": [{"option_id": a_box["option_id"]}]}})
    assert (r.status_code, r.json()) == (400, invalid("option_id", a_box["option_id"]))
    # a value of another option, even of the same template
    t = create(admin, options=[GIFT_BOX, {**GIFT_BOX, "title": "Second box"}])
    first, second = t["options"]
    foreign = second["values"][0]["option_type_id"]
    r = admin.put(f"{ONE}/{t['template_id']}", json={"template": {"options": [
        {"option_id": first["option_id"], "values": [{"option_type_id": foreign}]}]}})
    assert (r.status_code, r.json()) == (400, invalid("option_type_id", foreign))
    # the same option twice
    r = admin.put(f"{ONE}/{t['template_id']}", json={"template": {"options": [
        {"option_id": first["option_id"]}, {"option_id": first["option_id"]}]}})
    assert (r.status_code, r.json()) == (400, invalid("option_id", first["option_id"]))
    assert get(admin, t["template_id"]) == t
    assert get(admin, a["template_id"]) == a and get(admin, b["template_id"]) == b


def test_required_fields(admin):
    cases = [
        ({}, "template"),
        ({"template": {}}, "name"),
        ({"template": {"name": "  "}}, "name"),
        ({"template": {"name": "x", "options": [{"type": "field"}]}}, "title"),
        ({"template": {"name": "x", "options": [{"title": "t"}]}}, "type"),
        ({"template": {"name": "x", "options": [{"title": "t", "type": "drop_down"}]}}, "values"),
        ({"template": {"name": "x", "options": [{"title": "t", "type": "radio", "values": []}]}}, "values"),
        ({"template": {"name": "x", "options": [{"title": "t", "type": "radio", "values": None}]}}, "values"),
        ({"template": {"name": "x", "options": [{"title": "t", "type": "checkbox", "values": [{"price": 1}]}]}},
         "title"),
    ]
    for body, field in cases:
        r = admin.post(ONE, json=body)
        assert (r.status_code, r.json()) == (400, required(field)), body
    t = create(admin, options=[ENGRAVING])
    r = admin.put(f"{ONE}/{t['template_id']}", json={"template": {"name": ""}})
    assert (r.status_code, r.json()) == (400, required("name"))
    r = admin.get(ONE)
    assert (r.status_code, r.json()) == (400, required("templateId"))
    assert get(admin, t["template_id"]) == t


def test_values_outside_their_enum(admin):
    cases = [
        ({"title": "t", "type": "dropdown"}, invalid("type", "dropdown")),
        ({"title": "t", "type": "field", "price_type": "relative"}, invalid("price_type", "relative")),
        ({"title": "t", "type": "radio", "values": [{"title": "v", "price_type": "half"}]}, invalid("price_type", "half")),
        ({"title": "t", "type": "field", "use_swatches": 2}, invalid("use_swatches", 2)),
    ]
    for option, error in cases:
        r = admin.post(ONE, json={"template": {"name": "x", "options": [option]}})
        assert (r.status_code, r.json()) == (400, error), option


def test_wrong_types_unknown_keys_and_read_only_fields(admin):
    r = admin.post(ONE, json={"template": {"name": "x", "options": [{"title": "t", "type": "field", "sort_order": "first"}]}})
    assert r.status_code == 400
    assert r.json() == {"message": 'The "%value" value\'s type is invalid. The "%type" type was expected. '
                                   'Verify and try again.', "parameters": {"value": "first", "type": "int"}}
    r = admin.post(ONE, json={"template": {"name": "x", "options": "all"}})
    assert r.status_code == 400
    r = admin.post(ONE, json={"template": {"name": "x", "colour": "red"}})
    assert (r.status_code, r.json()) == (400, {
        "message": 'Property "%1" does not have accessor method "%2" in class "%3".',
        "parameters": ["Colour", "getColour", "Vendor\\Prot\\Api\\Data\\CustomTemplateInterface"]})
    r = admin.post(ONE, json={"template": {"name": "x", "options": [{"title": "t", "type": "field", "colour": 1}]}})
    assert (r.status_code, r.json()) == (400, {
        "message": 'Property "%1" does not have accessor method "%2" in class "%3".',
        "parameters": ["Colour", "getColour", "Vendor\\Prot\\Api\\Data\\TemplateOptionInterface"]})
    r = admin.post(ONE, json={"template": {"name": "x", "options": [
        {"title": "t", "type": "radio", "values": [{"title": "v", "image": "x"}]}]}})
    assert r.status_code == 400 and r.json()["parameters"][2] == "Vendor\\Prot\\Api\\Data\\TemplateOptionValueInterface"
    r = admin.post(ONE, json={"template": {"name": "x", "options": [{"title": "t", "type": "field", "template_id": 5}]}})
    assert (r.status_code, r.json()) == (400, {
        "message": 'Property "%1" does not have corresponding setter in class "%2".',
        "parameters": ["TemplateId", "Vendor\\Prot\\Api\\Data\\TemplateOptionInterface"]})
    # sent empty, a read-only field is ignored
    t = ok(admin.post(ONE, json={"template": {"name": "x", "options": [{"title": "t", "type": "field", "template_id": None}]}}))
    assert t["options"][0]["template_id"] == t["template_id"]


def test_a_name_too_long_fails_the_save(admin):
    r = admin.post(ONE, json={"template": {"name": "n" * 256}})
    assert (r.status_code, r.json()) == (400, {"message": "Unable to save new template. Error: %1",
                                               "parameters": ['The value of "name" is longer than 255 characters.']})
    t = create(admin, "n" * 255)
    r = admin.put(f"{ONE}/{t['template_id']}", json={"template": {"name": "n" * 300}})
    assert (r.status_code, r.json()) == (400, {"message": "Unable to save template with ID %1. Error: %2",
                                               "parameters": [t["template_id"],
                                                              'The value of "name" is longer than 255 characters.']})
    assert get(admin, t["template_id"])["name"] == "n" * 255


def test_a_failed_save_writes_nothing(admin):
    name = unique("Nothing ")
    r = admin.post(ONE, json={"template": {"name": name, "options": [ENGRAVING, {"title": "bad", "type": "nope"}]}})
    assert r.status_code == 400
    page = ok(admin.get(LIST, params={"searchCriteria[filter_groups][0][filters][0][field]": "name",
                                      "searchCriteria[filter_groups][0][filters][0][value]": name}))
    assert page["total_count"] == 0


# --------------------------------------------------------------------------- deleting

def test_delete_removes_the_template_its_options_values_and_relations(admin, sql):
    t = create(admin, options=[ENGRAVING, GIFT_BOX])
    keep = create(admin, options=[GIFT_BOX])
    engraving, box = t["options"]
    value_ids = [v["option_type_id"] for v in box["values"]]
    kept_value = keep["options"][0]["values"][0]["option_type_id"]
    with sql.begin() as conn:  # products' options copied from the templates
        conn.execute(sa.text("INSERT INTO vendor_prot_option_relation (option_id, parent_option_id) VALUES "
                             "(:a, :p), (:b, :q)"), {"a": 900001 + t["template_id"] * 10, "p": engraving["option_id"],
                                                      "b": 900002 + t["template_id"] * 10,
                                                      "q": keep["options"][0]["option_id"]})
        conn.execute(sa.text("INSERT INTO vendor_prot_option_value_relation (value_id, parent_value_id) VALUES "
                             "(:a, :p), (:b, :q)"), {"a": 900001 + t["template_id"] * 10, "p": value_ids[0],
                                                      "b": 900002 + t["template_id"] * 10, "q": kept_value})
    r = admin.delete(f"{ONE}/{t['template_id']}")
    assert (r.status_code, r.json()) == (200, True)
    r = admin.get(ONE, params={"templateId": t["template_id"]})
    assert (r.status_code, r.json()) == (404, not_found(t["template_id"]))
    with sql.connect() as conn:
        assert conn.execute(sa.text("SELECT count(*) FROM vendor_prot_template_option WHERE template_id = :t"),
                            {"t": t["template_id"]}).scalar() == 0
        assert conn.execute(sa.text("SELECT count(*) FROM vendor_prot_template_option_value WHERE id IN (:a, :b)"),
                            {"a": value_ids[0], "b": value_ids[1]}).scalar() == 0
        assert conn.execute(sa.text("SELECT parent_option_id FROM vendor_prot_option_relation WHERE option_id IN "
                                    "(:a, :b)"), {"a": 900001 + t["template_id"] * 10,
                                                  "b": 900002 + t["template_id"] * 10}).scalars().all() == \
            [keep["options"][0]["option_id"]]
        assert conn.execute(sa.text("SELECT parent_value_id FROM vendor_prot_option_value_relation WHERE value_id IN "
                                    "(:a, :b)"), {"a": 900001 + t["template_id"] * 10,
                                                  "b": 900002 + t["template_id"] * 10}).scalars().all() == [kept_value]
    assert get(admin, keep["template_id"]) == keep
    r = admin.delete(f"{ONE}/{t['template_id']}")
    assert (r.status_code, r.json()) == (404, not_found(t["template_id"]))


def test_removing_an_option_forgets_what_was_copied_from_it(admin, sql):
    t = create(admin, options=[ENGRAVING, GIFT_BOX])
    engraving, box = t["options"]
    product_option = 800000 + t["template_id"]
    with sql.begin() as conn:
        conn.execute(sa.text("INSERT INTO vendor_prot_option_relation (option_id, parent_option_id) VALUES (:a, :p)"),
                     {"a": product_option, "p": box["option_id"]})
    ok(admin.put(f"{ONE}/{t['template_id']}", json={"template": {"options": [{"option_id": engraving["option_id"]}]}}))
    with sql.connect() as conn:
        assert conn.execute(sa.text("SELECT count(*) FROM vendor_prot_option_relation WHERE option_id = :a"),
                            {"a": product_option}).scalar() == 0


# --------------------------------------------------------------------------- listing

def test_list_filters_sorts_and_pages(admin):
    tag = unique("list-")
    made = [create(admin, f"{tag} {n}", [{"title": n, "type": "field"}]) for n in ("b", "a", "c")]
    base = {"searchCriteria[filter_groups][0][filters][0][field]": "name",
            "searchCriteria[filter_groups][0][filters][0][value]": f"{tag}%",
            "searchCriteria[filter_groups][0][filters][0][condition_type]": "like"}
    page = ok(admin.get(LIST, params={**base, "searchCriteria[sort_orders][0][field]": "name",
                                      "searchCriteria[sort_orders][0][direction]": "DESC",
                                      "searchCriteria[pageSize]": 2, "searchCriteria[currentPage]": 1}))
    assert page["total_count"] == 3
    assert [i["name"] for i in page["items"]] == [f"{tag} c", f"{tag} b"]
    assert page["items"][1] == made[0]  # full items, options included
    assert page["search_criteria"] == {
        "filter_groups": [{"filters": [{"field": "name", "value": f"{tag}%", "condition_type": "like"}]}],
        "sort_orders": [{"field": "name", "direction": "DESC"}], "page_size": 2, "current_page": 1}
    page2 = ok(admin.get(LIST, params={**base, "searchCriteria[sort_orders][0][field]": "name",
                                       "searchCriteria[sort_orders][0][direction]": "DESC",
                                       "searchCriteria[pageSize]": 2, "searchCriteria[currentPage]": 2}))
    assert [i["name"] for i in page2["items"]] == [f"{tag} a"] and page2["total_count"] == 3

    # OR inside a group (eq is the default condition), AND across groups
    ids = [m["template_id"] for m in made]
    page = ok(admin.get(LIST, params={
        "searchCriteria[filter_groups][0][filters][0][field]": "template_id",
        "searchCriteria[filter_groups][0][filters][0][value]": ids[0],
        "searchCriteria[filter_groups][0][filters][1][field]": "template_id",
        "searchCriteria[filter_groups][0][filters][1][value]": ids[1],
        "searchCriteria[filter_groups][1][filters][0][field]": "name",
        "searchCriteria[filter_groups][1][filters][0][value]": f"{tag} a",
        "searchCriteria[sort_orders][0][field]": "template_id"}))
    assert [i["template_id"] for i in page["items"]] == [ids[1]] and page["total_count"] == 1


def test_list_without_criteria(admin):
    create(admin)
    r = admin.get(LIST)
    assert (r.status_code, r.json()) == (400, required("searchCriteria"))
    page = ok(admin.get(LIST + "?searchCriteria="))
    assert page["total_count"] == len(page["items"]) >= 1


def test_list_refuses_unknown_fields(admin):
    r = admin.get(LIST, params={"searchCriteria[filter_groups][0][filters][0][field]": "options",
                                "searchCriteria[filter_groups][0][filters][0][value]": "x"})
    assert r.status_code == 400


# --------------------------------------------------------------------------- async and bulk

def test_writes_through_async_and_bulk(admin):
    name = unique("Async ")
    r = admin.post("/async/V1/vendor_prot/template", json={"template": {"name": name, "options": [ENGRAVING]}})
    assert r.status_code == 202, r.text
    wait_for(r.json()["bulk_uuid"], admin, 1)
    search = {"searchCriteria[filter_groups][0][filters][0][field]": "name",
              "searchCriteria[filter_groups][0][filters][0][value]": name}
    [t] = ok(admin.get(LIST, params=search))["items"]
    assert t["options"][0]["title"] == "Engraving text"

    r = admin.put("/async/bulk/V1/vendor_prot/template/byTemplateId",
                  json=[{"templateId": t["template_id"], "template": {"name": name + " 2"}}])
    assert r.status_code == 202, r.text
    wait_for(r.json()["bulk_uuid"], admin, 1)
    assert get(admin, t["template_id"])["name"] == name + " 2"

    r = admin.delete(f"/async/V1/vendor_prot/template/{t['template_id']}")
    assert r.status_code == 202, r.text
    wait_for(r.json()["bulk_uuid"], admin, 1)
    assert admin.get(ONE, params={"templateId": t["template_id"]}).status_code == 404
