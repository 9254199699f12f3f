"""FAQ categories and tags over HTTP: CategoryInterface, TagInterface and the choices docs/modules/faq.md records."""
import re

from tests.helpers import unique

CATEGORY = "/V1/vendor_faq/category"
TAG = "/V1/vendor_faq/tag"
QUESTION = "/V1/vendor_faq/question"
TIME = re.compile(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\Z")


def new_category(admin, **fields) -> dict:
    r = admin.post(CATEGORY, json={"category": {"title": unique("Category "), **fields}})
    assert r.status_code == 200, r.text
    return r.json()


def new_question(admin, **fields) -> dict:
    r = admin.post(QUESTION, json={"question": {"title": unique("Q ") + "?", **fields}})
    assert r.status_code == 200, r.text
    return r.json()


def wrapped(entity, entity_id, inner):
    if entity_id is None:
        return {"message": f"Unable to save new {entity}. Error: %1", "parameters": [inner]}
    return {"message": f"Unable to save {entity} with ID %1. Error: %2", "parameters": [entity_id, inner]}


def search(field, value, ctype="eq", **extra):
    return {"searchCriteria[filter_groups][0][filters][0][field]": field,
            "searchCriteria[filter_groups][0][filters][0][value]": value,
            "searchCriteria[filter_groups][0][filters][0][condition_type]": ctype, **extra}


# --------------------------------------------------------------------------- the documented example

def test_spec_example_create_a_category_and_a_tag(server, admin_token):
    with server.client(admin_token, store="all") as everywhere:
        r = everywhere.post(CATEGORY, json={"category": {"title": "Shipping", "url_key": "shipping", "status": 1,
                                                         "position": 1, "stores": "0",
                                                         "customer_groups": "0,1,2,3"}})
        assert r.status_code == 200, r.text
        c = r.json()
        assert TIME.match(c["created_at"]) and c["updated_at"] == c["created_at"]
        assert c == {"category_id": c["category_id"], "title": "Shipping", "relative_url": "/faq/shipping",
                     "position": 1, "url_key": "shipping", "status": 1, "meta_title": None,
                     "meta_description": None, "visit_count": 0, "exclude_sitemap": False,
                     "canonical_url": "shipping", "description": None, "icon": None, "stores": "0",
                     "questions": "", "customer_groups": "0,1,2,3", "created_at": c["created_at"],
                     "updated_at": c["updated_at"], "noindex": False, "nofollow": False}
        r = everywhere.post(TAG, json={"tag": {"title": "returns"}})
        assert r.status_code == 200, r.text
        t = r.json()
        assert t == {"tag_id": t["tag_id"], "title": "returns"}
        assert list(t) == ["tag_id", "title"]
        # clean up, so that the fixed names stay free
        assert everywhere.delete(f"{CATEGORY}/{c['category_id']}").json() is True
        assert everywhere.delete(f"{TAG}/{t['tag_id']}").json() is True


# --------------------------------------------------------------------------- categories

def test_category_round_trip_and_404(admin):
    c = new_category(admin, description="<p>All about parcels</p>", icon="box.svg", meta_title="MT",
                     meta_description="MD", position=None, visit_count=3, exclude_sitemap=True,
                     canonical_url="https://shop.test/faq/parcels")
    assert "position" not in c and c["status"] == 1 and c["url_key"] is None and c["relative_url"] == ""
    assert c["canonical_url"] == "https://shop.test/faq/parcels"
    r = admin.get(CATEGORY, params={"categoryId": c["category_id"]})
    assert r.status_code == 200 and r.json() == c
    r = admin.put(f"{CATEGORY}/{c['category_id']}", json={"category": {"category_id": 1, "status": 0, "position": 4}})
    assert r.status_code == 200
    changed = r.json()
    assert changed["category_id"] == c["category_id"] and (changed["status"], changed["position"]) == (0, 4)
    assert changed["description"] == c["description"] and changed["created_at"] == c["created_at"]
    assert admin.delete(f"{CATEGORY}/{c['category_id']}").json() is True
    not_found = {"message": 'Category with specified ID "%1" not found.', "parameters": [c["category_id"]]}
    for r in (admin.get(CATEGORY, params={"categoryId": c["category_id"]}),
              admin.put(f"{CATEGORY}/{c['category_id']}", json={"category": {"title": "X"}}),
              admin.delete(f"{CATEGORY}/{c['category_id']}")):
        assert r.status_code == 404 and r.json() == not_found


def test_category_links_merge_and_replace(admin):
    q1, q2 = new_question(admin), new_question(admin)
    c = new_category(admin, stores="1,2", questions=f"{q2['question_id']},{q1['question_id']}",
                     customer_groups="1")
    assert c["stores"] == "1,2"
    assert c["questions"] == f"{q1['question_id']},{q2['question_id']}"
    assert admin.get(QUESTION, params={"questionId": q1["question_id"]}).json()["categories"] == str(c["category_id"])
    r = admin.put(f"{CATEGORY}/{c['category_id']}", json={"category": {"title": "Renamed"}})
    assert (r.json()["stores"], r.json()["questions"], r.json()["customer_groups"]) == ("1,2", c["questions"], "1")
    r = admin.put(f"{CATEGORY}/{c['category_id']}", json={"category": {"questions": str(q2["question_id"]),
                                                                       "stores": ""}})
    assert (r.json()["stores"], r.json()["questions"]) == ("", str(q2["question_id"]))
    assert admin.get(QUESTION, params={"questionId": q1["question_id"]}).json()["categories"] == ""
    r = admin.put(f"{CATEGORY}/{c['category_id']}", json={"category": {"questions": "987656"}})
    assert r.status_code == 404
    assert r.json() == {"message": 'Question with specified ID "%1" not found.', "parameters": [987656]}


def test_deleting_a_category_removes_links_not_questions(admin):
    c = new_category(admin)
    q = new_question(admin, categories=str(c["category_id"]))
    assert q["categories"] == str(c["category_id"])
    assert admin.delete(f"{CATEGORY}/{c['category_id']}").json() is True
    r = admin.get(QUESTION, params={"questionId": q["question_id"]})
    assert r.status_code == 200 and r.json()["categories"] == ""


def test_category_url_keys(admin):
    key = unique("cat-")
    c = new_category(admin, url_key=key, stores="1")
    assert c["relative_url"] == f"/faq/{key}"
    r = admin.post(CATEGORY, json={"category": {"title": "Dup", "url_key": key, "stores": "0"}})
    assert r.status_code == 400
    assert r.json() == wrapped("category", None, f'URL key "{key}" is already used by another category.')
    assert new_category(admin, url_key=key, stores="2")["url_key"] == key
    # a question may use the same key: uniqueness is among categories
    assert new_question(admin, url_key=key, stores="1")["url_key"] == key
    r = admin.put(f"{CATEGORY}/{c['category_id']}", json={"category": {"url_key": "Bad Key"}})
    assert r.status_code == 400
    assert r.json() == wrapped("category", c["category_id"],
                               'URL key "Bad Key" is invalid. Use lowercase letters, digits, "-" and "_" '
                               '(optionally one "." part).')


def test_category_input_errors(admin):
    r = admin.post(CATEGORY, json={})
    assert r.status_code == 400 and r.json()["parameters"] == {"fieldName": "category"}
    r = admin.post(CATEGORY, json={"category": {"status": 1}})
    assert r.status_code == 400
    assert r.json() == wrapped("category", None, '"title" is required. Enter and try again.')
    r = admin.post(CATEGORY, json={"category": {"title": "X", "created_at": "2020-01-01 00:00:00"}})
    assert r.status_code == 400
    assert r.json() == {"message": 'Property "%1" does not have corresponding setter in class "%2".',
                        "parameters": ["CreatedAt", "Vendor\\Faq\\Api\\Data\\CategoryInterface"]}
    r = admin.post(CATEGORY, json={"category": {"title": "X", "colour": "red"}})
    assert r.status_code == 400
    assert r.json()["parameters"] == ["Colour", "getColour", "Vendor\\Faq\\Api\\Data\\CategoryInterface"]
    r = admin.post(CATEGORY, json={"category": {"title": "X", "stores": [1]}})
    assert r.status_code == 400 and r.json()["parameters"] == {"value": "[1]", "type": "string"}


def test_category_list(admin):
    marker = unique("Listed ")
    q = new_question(admin)
    a = new_category(admin, title=marker + " a", position=2, stores="1", questions=str(q["question_id"]))
    b = new_category(admin, title=marker + " b", position=1, stores="0,1")
    r = admin.get(f"{CATEGORY}/all", params={**search("title", marker + "%", "like"),
                                             "searchCriteria[sortOrders][0][field]": "position",
                                             "searchCriteria[sortOrders][0][direction]": "ASC"})
    assert r.status_code == 200
    assert r.json()["items"] == [b, a] and r.json()["total_count"] == 2
    r = admin.get(f"{CATEGORY}/all", params={**search("title", marker + "%", "like"),
                                             "searchCriteria[filter_groups][1][filters][0][field]": "stores",
                                             "searchCriteria[filter_groups][1][filters][0][value]": "0"})
    assert [i["category_id"] for i in r.json()["items"]] == [b["category_id"]]
    r = admin.get(f"{CATEGORY}/all", params=search("questions", str(q["question_id"]), "finset"))
    assert [i["category_id"] for i in r.json()["items"]] == [a["category_id"]]
    r = admin.get(f"{CATEGORY}/all", params=search("colour", "red"))
    assert r.status_code == 400 and r.json()["parameters"] == {"value": "colour", "fieldName": "field"}


# --------------------------------------------------------------------------- tags

def test_tag_round_trip_and_errors(admin):
    title = unique("tag-")
    r = admin.post(TAG, json={"tag": {"title": title}})
    assert r.status_code == 200
    t = r.json()
    assert admin.get(TAG, params={"tagId": t["tag_id"]}).json() == t
    r = admin.post(TAG, json={"tag": {"title": title}})
    assert r.status_code == 400 and r.json() == wrapped("tag", None, f'Tag "{title}" already exists.')
    other = admin.post(TAG, json={"tag": {"title": unique("tag-")}}).json()
    r = admin.put(f"{TAG}/{other['tag_id']}", json={"tag": {"title": title}})
    assert r.status_code == 400 and r.json() == wrapped("tag", other["tag_id"], f'Tag "{title}" already exists.')
    renamed = unique("renamed-")
    r = admin.put(f"{TAG}/{t['tag_id']}", json={"tag": {"tag_id": other["tag_id"], "title": renamed}})
    assert r.status_code == 200 and r.json() == {"tag_id": t["tag_id"], "title": renamed}
    assert admin.put(f"{TAG}/{t['tag_id']}", json={"tag": {}}).json() == {"tag_id": t["tag_id"], "title": renamed}
    r = admin.put(f"{TAG}/{t['tag_id']}", json={"tag": {"title": " "}})
    assert r.json() == wrapped("tag", t["tag_id"], '"title" is required. Enter and try again.')
    r = admin.post(TAG, json={"tag": {}})
    assert r.json() == wrapped("tag", None, '"title" is required. Enter and try again.')
    r = admin.post(TAG, json={"title": "x"})
    assert r.status_code == 400 and r.json()["parameters"] == {"fieldName": "tag"}
    assert admin.delete(f"{TAG}/{t['tag_id']}").json() is True
    not_found = {"message": 'Tag with specified ID "%1" not found.', "parameters": [t["tag_id"]]}
    for r in (admin.get(TAG, params={"tagId": t["tag_id"]}), admin.delete(f"{TAG}/{t['tag_id']}"),
              admin.put(f"{TAG}/{t['tag_id']}", json={"tag": {"title": "x"}})):
        assert r.status_code == 404 and r.json() == not_found


def test_deleting_a_tag_unlinks_it(admin):
    keep, gone = unique("keep-"), unique("gone-")
    q = new_question(admin, tags=[{"title": keep}, {"title": gone}])
    gone_id = next(t["tag_id"] for t in q["tags"] if t["title"] == gone)
    assert admin.delete(f"{TAG}/{gone_id}").json() is True
    r = admin.get(QUESTION, params={"questionId": q["question_id"]})
    assert [t["title"] for t in r.json()["tags"]] == [keep]


def test_tag_list(admin):
    marker = unique("list-")
    ids = [admin.post(TAG, json={"tag": {"title": f"{marker}-{n}"}}).json()["tag_id"] for n in "bca"]
    r = admin.get(f"{TAG}/all", params={**search("title", marker + "%", "like"),
                                        "searchCriteria[sortOrders][0][field]": "title",
                                        "searchCriteria[sortOrders][0][direction]": "ASC",
                                        "searchCriteria[pageSize]": 2, "searchCriteria[currentPage]": 1})
    assert r.status_code == 200
    assert r.json()["items"] == [{"tag_id": ids[2], "title": f"{marker}-a"}, {"tag_id": ids[0], "title": f"{marker}-b"}]
    assert r.json()["total_count"] == 3
    r = admin.get(f"{TAG}/all", params=search("tag_id", f"{ids[1]},{ids[2]}", "in"))
    assert [i["tag_id"] for i in r.json()["items"]] == sorted(ids[1:])
