"""FAQ questions over HTTP: the documented examples, save behaviour, errors."""
import json
import re

import httpx
import pytest
import sqlalchemy as sa
from oauthlib import oauth1

from tests.helpers import unique

QUESTION = "/V1/vendor_faq/question"
TIME = re.compile(r"\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\Z")


def create(admin, **fields) -> dict:
    body = {"title": unique("Question ") + "?", **fields}
    r = admin.post(QUESTION, json={"question": body})
    assert r.status_code == 200, r.text
    return r.json()


def put(admin, question_id, **fields) -> httpx.Response:
    return admin.put(f"{QUESTION}/{question_id}", json={"question": fields})


def get(admin, question_id) -> dict:
    r = admin.get(QUESTION, params={"questionId": question_id})
    assert r.status_code == 200, r.text
    return r.json()


def new_category(admin, **fields) -> int:
    r = admin.post("/V1/vendor_faq/category", json={"category": {"title": unique("Category "), **fields}})
    assert r.status_code == 200, r.text
    return r.json()["category_id"]


def save_error(question_id, inner):
    if question_id is None:
        return {"message": "Unable to save new question. Error: %1", "parameters": [inner]}
    return {"message": "Unable to save question with ID %1. Error: %2", "parameters": [question_id, inner]}


def invalid_key(key):
    return (f'URL key "{key}" is invalid. Use lowercase letters, digits, "-" and "_" '
            '(optionally one "." part).')


# --------------------------------------------------------------------------- the documented examples

@pytest.fixture
def integration(server):
    creds = json.loads(server.cli("integration", "create", "--name", unique("storefront"),
                                  "--resources", "Vendor_Faq::question", "--json").stdout)
    return creds


def oauth_post(server, creds, path, body):
    client = oauth1.Client(creds["consumer_key"], client_secret=creds["consumer_secret"],
                           resource_owner_key=creds["access_token"],
                           resource_owner_secret=creds["access_token_secret"], signature_method="HMAC-SHA256")
    uri, headers, _ = client.sign(server.url + path, http_method="POST")
    return httpx.post(uri, headers={**headers, "Content-Type": "application/json"}, content=json.dumps(body))


def test_spec_examples_storefront_question_then_admin_answer(server, admin, admin_token, integration):
    title = f"Is this jacket waterproof? {unique()}"
    r = oauth_post(server, integration, "/rest/V1/vendor_faq/question",
                   {"question": {"title": title, "email": "ana@example.com", "name": "Ana", "product_ids": 1542}})
    assert r.status_code == 200, r.text
    body = r.json()
    qid = body["question_id"]
    assert isinstance(qid, int)
    assert TIME.match(body["created_at"]) and body["updated_at"] == body["created_at"]
    shown = {k: v for k, v in body.items() if v is not None}
    assert list(shown) == ["question_id", "title", "relative_url", "visibility", "status", "name", "email",
                           "position", "positive_rating", "negative_rating", "total_rating", "created_at",
                           "updated_at", "stores", "categories", "tags", "visit_count", "exclude_sitemap",
                           "canonical_url", "noindex", "nofollow", "show_full_answer", "product_ids",
                           "customer_groups"]
    assert shown == {
        "question_id": qid, "title": title, "relative_url": "", "visibility": 1, "status": 0, "name": "Ana",
        "email": "ana@example.com", "position": 0, "positive_rating": 0, "negative_rating": 0, "total_rating": 0,
        "created_at": body["created_at"], "updated_at": body["updated_at"], "stores": "", "categories": "",
        "tags": [], "visit_count": 0, "exclude_sitemap": False, "canonical_url": "", "noindex": False,
        "nofollow": False, "show_full_answer": False, "product_ids": "1542", "customer_groups": ""}
    # the keys left out above are null: short_answer and answer are written as null, nullable ones omitted
    assert body["short_answer"] is None and body["answer"] is None
    assert "url_key" not in body and "meta_title" not in body and "asked_from_store" not in body

    # the admin answers and publishes it (under `all`)
    url_key = unique("is-this-jacket-waterproof-")
    tag_title = unique("jackets-")
    with server.client(admin_token, store="all") as everywhere:
        r = everywhere.put(f"{QUESTION}/{qid}", json={"question": {
            "answer": "<p>Yes, it has a 10,000 mm waterproof rating.</p>", "short_answer": "Yes.", "stores": "1,2",
            "url_key": url_key, "tags": [{"title": tag_title}]}})
    assert r.status_code == 200, r.text
    answered = r.json()
    assert answered["question_id"] == qid
    assert answered["status"] == 1
    assert answered["stores"] == "1,2"
    assert answered["tags"] == [{"tag_id": answered["tags"][0]["tag_id"], "title": tag_title}]
    assert answered["relative_url"] == f"/faq/{url_key}"
    assert answered["canonical_url"] == url_key
    assert answered["short_answer"] == "Yes." and answered["product_ids"] == "1542"
    tag = admin.get("/V1/vendor_faq/tag", params={"tagId": answered["tags"][0]["tag_id"]}).json()
    assert tag == {"tag_id": answered["tags"][0]["tag_id"], "title": tag_title}

    # list answered public questions: the documented query string as is, then narrowed to this question
    answered_public = ("searchCriteria[filter_groups][0][filters][0][field]=status"
                       "&searchCriteria[filter_groups][0][filters][0][value]=1"
                       "&searchCriteria[filter_groups][1][filters][0][field]=visibility"
                       "&searchCriteria[filter_groups][1][filters][0][value]=1")
    paging = "&searchCriteria[pageSize]=10&searchCriteria[currentPage]=1"
    r = admin.get(f"{QUESTION}/all?{answered_public}{paging}")
    assert r.status_code == 200, r.text
    listed = r.json()
    assert listed["total_count"] >= 1 and 1 <= len(listed["items"]) <= 10
    assert all(i["status"] == 1 and i["visibility"] == 1 for i in listed["items"])
    assert listed["search_criteria"] == {
        "filter_groups": [{"filters": [{"field": "status", "value": "1"}]},
                          {"filters": [{"field": "visibility", "value": "1"}]}],
        "page_size": 10, "current_page": 1}
    r = admin.get(f"{QUESTION}/all?{answered_public}&searchCriteria[filter_groups][2][filters][0][field]=title"
                  f"&searchCriteria[filter_groups][2][filters][0][value]={title}{paging}")
    assert r.status_code == 200, r.text
    listed = r.json()
    assert listed["total_count"] == 1
    assert listed["items"] == [get(admin, qid)]

    # bad URL key
    with server.client(admin_token, store="all") as everywhere:
        r = everywhere.put(f"{QUESTION}/{qid}", json={"question": {"url_key": "Bad Key"}})
    assert r.status_code == 400
    assert r.json() == {"message": "Unable to save question with ID %1. Error: %2",
                        "parameters": [qid, 'URL key "Bad Key" is invalid. Use lowercase letters, digits, "-" and "_" '
                                            '(optionally one "." part).']}


# --------------------------------------------------------------------------- CRUD

def test_get_put_delete_round_trip(admin):
    q = create(admin, short_answer="Short", visibility=2, position=7, meta_robots="NOINDEX,NOFOLLOW",
               meta_title="MT", meta_description="MD", asked_from_store=1, customer_groups="0, 1,2",
               positive_rating=3, negative_rating=2, total_rating=99, exclude_sitemap=True, visit_count=5)
    assert q["total_rating"] == 5
    assert q["noindex"] is True and q["nofollow"] is True
    assert q["customer_groups"] == "0,1,2"
    assert get(admin, q["question_id"]) == q
    r = put(admin, q["question_id"], title="Renamed?", meta_robots="INDEX,NOFOLLOW")
    assert r.status_code == 200
    assert r.json()["title"] == "Renamed?" and r.json()["noindex"] is False and r.json()["nofollow"] is True
    r = admin.delete(f"{QUESTION}/{q['question_id']}")
    assert r.status_code == 200 and r.json() is True
    r = admin.get(QUESTION, params={"questionId": q["question_id"]})
    assert r.status_code == 404
    assert r.json() == {"message": 'Question with specified ID "%1" not found.', "parameters": [q["question_id"]]}
    r = admin.delete(f"{QUESTION}/{q['question_id']}")
    assert r.status_code == 404 and r.json()["parameters"] == [q["question_id"]]


def test_put_path_id_decides_and_missing_is_404(admin):
    a, b = create(admin), create(admin)
    r = admin.put(f"{QUESTION}/{a['question_id']}", json={"question": {"question_id": b["question_id"],
                                                                       "title": "Shipping times?"}})
    assert r.status_code == 200 and r.json()["question_id"] == a["question_id"]
    assert get(admin, a["question_id"])["title"] == "Shipping times?"
    assert get(admin, b["question_id"])["title"] == b["title"]
    r = admin.put(f"{QUESTION}/{a['question_id']}", json={"question": {"questionId": b["question_id"], "position": 3}})
    assert r.status_code == 200 and r.json()["question_id"] == a["question_id"] and r.json()["position"] == 3

    r = put(admin, 987654321, title="Nobody?")
    assert r.status_code == 404
    assert r.json() == {"message": 'Question with specified ID "%1" not found.', "parameters": [987654321]}


def test_post_with_an_id_updates_that_question(admin):
    q = create(admin)
    r = admin.post(QUESTION, json={"question": {"question_id": q["question_id"], "position": 4}})
    assert r.status_code == 200 and r.json()["question_id"] == q["question_id"] and r.json()["position"] == 4
    r = admin.post(QUESTION, json={"question": {"question_id": 987654322, "position": 4}})
    assert r.status_code == 404 and r.json()["parameters"] == [987654322]


def test_update_merges_and_keeps_links(admin):
    cat = new_category(admin)
    tag = unique("tag-")
    q = create(admin, short_answer="Kept", stores="1", categories=str(cat), tags=[{"title": tag}],
               product_ids="5,6", customer_groups="1", name="Ana", url_key=unique("merge-"))
    r = put(admin, q["question_id"], position=9)
    assert r.status_code == 200
    after = r.json()
    assert after["position"] == 9
    for key in ("short_answer", "stores", "categories", "tags", "product_ids", "customer_groups", "name",
                "url_key", "title", "created_at"):
        assert after[key] == q[key], key
    assert get(admin, q["question_id"]) == after

    # relation keys replace the whole set; an empty string removes every link
    r = put(admin, q["question_id"], stores="0", categories="", tags=[], product_ids="")
    assert r.status_code == 200
    after = r.json()
    assert (after["stores"], after["categories"], after["tags"], after["product_ids"]) == ("0", "", [], "")
    assert get(admin, q["question_id"]) == after

    # a nullable key sent as null clears it; a non-nullable one sent as null is left alone
    r = put(admin, q["question_id"], name=None, title=None)
    assert r.status_code == 200
    assert "name" not in r.json() and r.json()["title"] == q["title"]


def test_created_at_is_kept_and_updated_at_moves(admin):
    q = create(admin, created_at="2020-02-03 04:05:06")
    assert q["created_at"] == "2020-02-03 04:05:06"
    assert q["updated_at"] > q["created_at"]
    r = put(admin, q["question_id"], position=1)
    assert r.json()["created_at"] == "2020-02-03 04:05:06"
    r = put(admin, q["question_id"], created_at="yesterday")
    assert r.status_code == 400
    assert r.json() == save_error(q["question_id"], 'Invalid value of "yesterday" provided for the created_at field.')


# --------------------------------------------------------------------------- status, URL keys, rating

def test_automatic_status(admin):
    q = create(admin)
    assert q["status"] == 0
    # answering an unanswered question answers it
    assert put(admin, q["question_id"], answer="<p>Yes</p>").json()["status"] == 1
    # a stored answer: a new answer leaves the status alone
    assert put(admin, q["question_id"], status=0).json()["status"] == 0
    assert put(admin, q["question_id"], answer="<p>Still yes</p>").json()["status"] == 0
    # the body changes the status: it wins
    q2 = create(admin, status=1)
    assert put(admin, q2["question_id"], answer="<p>A</p>", status=0).json()["status"] == 0
    # the body repeats the stored status: no change of status, so the switch happens
    q3 = create(admin)
    assert put(admin, q3["question_id"], answer="<p>A</p>", status=0).json()["status"] == 1
    # an empty answer answers nothing
    q4 = create(admin)
    assert put(admin, q4["question_id"], answer="").json()["status"] == 0
    # on create: an answer without status answers; with a status, the status wins
    assert create(admin, answer="<p>A</p>")["status"] == 1
    assert create(admin, answer="<p>A</p>", status=0)["status"] == 0


def test_answer_directives_are_rendered(admin):
    q = create(admin, answer='<a href="{{store url="shipping-policy"}}">policy</a>'
                             "<img src=\"{{media url='wysiwyg/jacket.png'}}\"/>{{widget type=\"x\"}}!{{ unknown }}")
    assert q["answer"] == '<a href="/shipping-policy">policy</a><img src="/media/wysiwyg/jacket.png"/>!'
    assert get(admin, q["question_id"])["answer"] == q["answer"]


def test_url_key_rules(admin):
    key = unique("key-")
    q = create(admin, url_key=key + ".html", stores="1")
    assert q["relative_url"] == f"/faq/{key}.html"
    # used in an overlapping store view
    r = admin.post(QUESTION, json={"question": {"title": "Dup?", "url_key": key + ".html", "stores": "2,1"}})
    assert r.status_code == 400
    assert r.json() == save_error(None, f'URL key "{key}.html" is already used by another question.')
    # a disjoint store view is fine
    other = create(admin, url_key=key + ".html", stores="2")
    # store 0 overlaps every store view, both ways
    r = admin.post(QUESTION, json={"question": {"title": "Dup?", "url_key": key + ".html", "stores": "0"}})
    assert r.status_code == 400
    key0 = unique("all-")
    create(admin, url_key=key0, stores="0")
    r = admin.post(QUESTION, json={"question": {"title": "Dup?", "url_key": key0, "stores": "3"}})
    assert r.status_code == 400 and r.json()["parameters"] == [f'URL key "{key0}" is already used by another question.']
    r = admin.post(QUESTION, json={"question": {"title": "Dup?", "url_key": key0}})
    assert r.status_code == 400
    # moving into an overlapping store view later is refused too, with the question's id
    r = put(admin, other["question_id"], stores="1,2")
    assert r.status_code == 400
    assert r.json() == save_error(other["question_id"], f'URL key "{key}.html" is already used by another question.')
    # saving a question again with its own key is fine
    assert put(admin, q["question_id"], position=2).status_code == 200
    # bad keys
    for bad in ("Bad Key", "UPPER", "a.b.c", "with/slash", "é"):
        r = admin.post(QUESTION, json={"question": {"title": "Bad?", "url_key": bad}})
        assert r.status_code == 400 and r.json() == save_error(None, invalid_key(bad)), bad


def test_show_full_answer_clears_url_key(admin):
    q = create(admin, url_key=unique("full-"), show_full_answer=True)
    assert "url_key" not in q and q["relative_url"] == "" and q["show_full_answer"] is True
    q = create(admin, url_key=unique("page-"))
    r = put(admin, q["question_id"], show_full_answer=True)
    assert r.status_code == 200 and "url_key" not in r.json() and r.json()["canonical_url"] == ""
    # even an invalid key is simply dropped
    assert "url_key" not in create(admin, url_key="Not Valid", show_full_answer="1")


def test_total_rating_is_recomputed(admin):
    q = create(admin, positive_rating=4)
    assert (q["positive_rating"], q["negative_rating"], q["total_rating"]) == (4, 0, 4)
    r = put(admin, q["question_id"], negative_rating=3, total_rating=1000)
    assert r.json()["total_rating"] == 7


def test_title_required_and_enums_checked(admin):
    r = admin.post(QUESTION, json={"question": {"email": "a@b.c"}})
    assert r.status_code == 400
    assert r.json() == save_error(None, '"title" is required. Enter and try again.')
    q = create(admin)
    r = put(admin, q["question_id"], title="  ")
    assert r.json() == save_error(q["question_id"], '"title" is required. Enter and try again.')
    r = put(admin, q["question_id"], visibility=5)
    assert r.json() == save_error(q["question_id"], 'Invalid value of "5" provided for the visibility field.')
    r = put(admin, q["question_id"], status=2)
    assert r.json() == save_error(q["question_id"], 'Invalid value of "2" provided for the status field.')
    r = put(admin, q["question_id"], stores="1,x")
    assert r.json() == save_error(q["question_id"], 'Invalid value of "1,x" provided for the stores field.')


# --------------------------------------------------------------------------- relations

def test_tags_by_title_by_id_and_created_once(admin):
    t1, t2 = unique("shipping-"), unique("returns-")
    q = create(admin, tags=[{"title": t1}, {"title": t2}, {"title": t1}])
    assert [t["title"] for t in q["tags"]] == [t1, t2]
    ids = [t["tag_id"] for t in q["tags"]]
    # a second question with the same titles links the same tags
    q2 = create(admin, tags=[{"title": t2}, {"tag_id": ids[0]}])
    assert [t["tag_id"] for t in q2["tags"]] == ids
    # the title decides when both are sent
    t3 = unique("new-")
    q3 = create(admin, tags=[{"tag_id": ids[0], "title": t3}])
    assert q3["tags"][0]["title"] == t3 and q3["tags"][0]["tag_id"] not in ids
    # unknown tag id: 404; an entry with neither: 400
    r = admin.post(QUESTION, json={"question": {"title": "T?", "tags": [{"tag_id": 987654}]}})
    assert r.status_code == 404
    assert r.json() == {"message": 'Tag with specified ID "%1" not found.', "parameters": [987654]}
    r = admin.post(QUESTION, json={"question": {"title": "T?", "tags": [{}]}})
    assert r.json() == save_error(None, '"title" is required. Enter and try again.')
    # a failed save creates no tag
    t4 = unique("never-")
    r = admin.post(QUESTION, json={"question": {"title": "T?", "url_key": "Bad Key", "tags": [{"title": t4}]}})
    assert r.status_code == 400
    r = admin.get("/V1/vendor_faq/tag/all", params={"searchCriteria[filter_groups][0][filters][0][field]": "title",
                                                     "searchCriteria[filter_groups][0][filters][0][value]": t4})
    assert r.json()["total_count"] == 0


def test_categories_must_exist(admin):
    cat = new_category(admin)
    q = create(admin, categories=f"{cat}")
    assert q["categories"] == str(cat)
    r = admin.post(QUESTION, json={"question": {"title": "C?", "categories": f"{cat},987655"}})
    assert r.status_code == 404
    assert r.json() == {"message": 'Category with specified ID "%1" not found.', "parameters": [987655]}


def test_delete_removes_links_not_tags(admin, sql):
    cat = new_category(admin)
    t = unique("t-")
    q = create(admin, stores="1", categories=str(cat), tags=[{"title": t}])
    assert admin.delete(f"{QUESTION}/{q['question_id']}").json() is True
    with sql.connect() as c:
        for table in ("vendor_faq_question_store", "vendor_faq_question_category", "vendor_faq_question_tag"):
            n = c.execute(sa.text(f"SELECT count(*) FROM {table} WHERE question_id = :q"),
                          {"q": q["question_id"]}).scalar()
            assert n == 0, table
    assert admin.get("/V1/vendor_faq/tag", params={"tagId": q["tags"][0]["tag_id"]}).status_code == 200
    assert admin.get("/V1/vendor_faq/category", params={"categoryId": cat}).json()["questions"] == ""


# --------------------------------------------------------------------------- binding errors

def test_empty_body_is_required_error(admin):
    r = admin.post(QUESTION)
    assert r.status_code == 400
    assert r.json() == {"message": '"%fieldName" is required. Enter and try again.',
                        "parameters": {"fieldName": "question"}}
    r = admin.post(QUESTION, json={})
    assert r.json()["parameters"] == {"fieldName": "question"}


def test_is_show_full_answer_is_an_unknown_key(admin):
    r = admin.post(QUESTION, json={"question": {"title": "X?", "is_show_full_answer": True}})
    assert r.status_code == 400
    assert r.json() == {"message": 'Property "%1" does not have accessor method "%2" in class "%3".',
                        "parameters": ["IsShowFullAnswer", "getIsShowFullAnswer",
                                       "Vendor\\Faq\\Api\\Data\\QuestionInterface"]}


def test_read_only_keys(admin):
    r = admin.post(QUESTION, json={"question": {"title": "X?", "relative_url": "/faq/x"}})
    assert r.status_code == 400
    assert r.json() == {"message": 'Property "%1" does not have corresponding setter in class "%2".',
                        "parameters": ["RelativeUrl", "Vendor\\Faq\\Api\\Data\\QuestionInterface"]}
    r = admin.post(QUESTION, json={"question": {"title": "X?", "noindex": True}})
    assert r.status_code == 400 and r.json()["parameters"][0] == "Noindex"
    # empty values are ignored
    r = admin.post(QUESTION, json={"question": {"title": "X?", "relative_url": "", "updated_at": None,
                                                "noindex": None}})
    assert r.status_code == 200, r.text


def test_type_errors(admin):
    r = admin.post(QUESTION, json={"question": {"title": "X?", "stores": [1, 2]}})
    assert r.status_code == 400
    assert r.json() == {"message": 'The "%value" value\'s type is invalid. The "%type" type was expected. '
                                   'Verify and try again.', "parameters": {"value": "[1,2]", "type": "string"}}
    r = admin.post(QUESTION, json={"question": {"title": "X?", "visibility": "abc"}})
    assert r.status_code == 400
    assert r.json() == {"message": 'The "%value" value\'s type is invalid. The "%type" type was expected. '
                                   'Verify and try again.', "parameters": {"value": "abc", "type": "int"}}
    r = admin.post(QUESTION, json={"question": {"title": "X?", "tags": "jackets"}})
    assert r.status_code == 400
    assert r.json()["parameters"] == {"value": "jackets", "type": "Vendor\\Faq\\Api\\Data\\TagInterface[]"}
    # numbers and numeric strings convert
    q = create(admin, visibility="2", product_ids=12, position=3.0)
    assert (q["visibility"], q["product_ids"], q["position"]) == (2, "12", 3)


def test_camel_case_keys_bind(admin):
    r = admin.post(QUESTION, json={"question": {"title": "Camel?", "shortAnswer": "S", "showFullAnswer": True,
                                                "productIds": "3"}})
    assert r.status_code == 200
    assert (r.json()["short_answer"], r.json()["show_full_answer"], r.json()["product_ids"]) == ("S", True, "3")


def test_tags_longer_than_the_input_limit(server, admin):
    tags = [{"title": unique("lim-")} for _ in range(21)]
    server.config("webapi/validation/input_limit_enabled", "1")
    try:
        r = admin.post(QUESTION, json={"question": {"title": "Many tags?", "tags": tags}})
        assert r.status_code == 400
        assert r.json() == {"message": 'Maximum items of type "%type" is %max',
                            "parameters": {"type": "Vendor\\Faq\\Api\\Data\\TagInterface", "max": 20}}
        assert admin.post(QUESTION, json={"question": {"title": "Enough tags?", "tags": tags[:20]}}).status_code == 200
    finally:
        server.config("webapi/validation/input_limit_enabled", "0")
    assert admin.post(QUESTION, json={"question": {"title": "Many tags?", "tags": tags}}).status_code == 200


def test_url_prefix_from_configuration(server, admin):
    key = unique("prefixed-")
    q = create(admin, url_key=key)
    server.config("vdfaq/general/url_prefix", "help")
    try:
        assert get(admin, q["question_id"])["relative_url"] == f"/help/{key}"
        r = admin.get(f"{QUESTION}/all", params={
            "searchCriteria[filter_groups][0][filters][0][field]": "relative_url",
            "searchCriteria[filter_groups][0][filters][0][value]": f"/help/{key}"})
        assert [i["question_id"] for i in r.json()["items"]] == [q["question_id"]]
    finally:
        server.config("vdfaq/general/url_prefix", "faq")
    assert get(admin, q["question_id"])["relative_url"] == f"/faq/{key}"
