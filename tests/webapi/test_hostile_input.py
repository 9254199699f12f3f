"""Input no client should send: each is refused with a 400 in the platform's error body (never a 500),
the same on SQLite and PostgreSQL, and nothing is written."""
import httpx
import pytest

from tests.helpers import new_customer, unique

TYPE_ERROR = "The \"%value\" value's type is invalid. The \"%type\" type was expected. Verify and try again."
INVALID = "Invalid value of \"%value\" provided for the %fieldName field."
SIGN_IN = {"message": "The account sign-in was incorrect or your account is disabled temporarily. "
                      "Please wait and try again later."}


def invalid(value, field):
    return {"message": INVALID, "parameters": {"value": value, "fieldName": field}}


@pytest.fixture
def all_admin(server, admin_token):
    """An admin client under /rest/all (the admin store)."""
    with server.client(admin_token, store="all") as c:
        yield c


def question(admin):
    r = admin.post("/V1/vendor_faq/question", json={"question": {"title": unique("hostile "), "answer": "a"}})
    assert r.status_code == 200, r.text
    return r.json()


# --------------------------------------------------------------------------- query strings

def test_query_names_that_all_look_like_indexes_are_unknown_parameters(server, guest, admin):
    """Unknown query names are ignored; names that are numbers are no different."""
    r = guest.post("/V1/guest-carts?0=x")
    assert r.status_code == 200, r.text
    assert isinstance(r.json(), str)
    r = admin.get("/V1/customers/search?5=a&5=b")
    assert r.status_code != 500 and r.status_code < 500, r.text
    assert r.json() == admin.get("/V1/customers/search").json()
    r = admin.get("/V1/customers/search?0=a&1[0]=b&searchCriteria[pageSize]=1")
    assert r.status_code == 200, r.text


def test_query_names_nested_too_deep_are_refused_as_a_deep_body_is(admin):
    deep = "a" + "".join(f"[k{i}]" for i in range(500)) + "=1"
    r = admin.get(f"/V1/customers/search?{deep}")
    assert (r.status_code, r.json()) == (400, {"message": "Decoding error."})
    r = admin.post(f"/V1/vendor_faq/question?{deep}", json={"question": {"title": unique("deep ")}})
    assert (r.status_code, r.json()) == (400, {"message": "Decoding error."})
    # 64 levels, as a body: the top level and 63 brackets still pass
    r = admin.get("/V1/customers/search?searchCriteria[pageSize]=1&a" + "[k]" * 63 + "=1")
    assert r.status_code == 200, r.text
    r = admin.get("/V1/customers/search?searchCriteria[pageSize]=1&a" + "[k]" * 64 + "=1")
    assert (r.status_code, r.json()) == (400, {"message": "Decoding error."})


# --------------------------------------------------------------------------- integers

@pytest.mark.parametrize("sent", [" 1 ", "%201%20", "1%0A", "%091", "1_0", "%2B%201"])
def test_integer_strings_must_be_plain(admin, sent):
    r = admin.get(f"/V1/vendor_faq/question?questionId={sent}")
    assert r.status_code == 400, r.text
    assert r.json()["message"] == TYPE_ERROR
    assert r.json()["parameters"]["type"] == "int"


def test_plain_integer_strings_still_bind(admin):
    q = question(admin)
    for sent in (str(q["question_id"]), "%2B" + str(q["question_id"])):
        r = admin.get(f"/V1/vendor_faq/question?questionId={sent}")
        assert (r.status_code, r.json()["question_id"]) == (200, q["question_id"])
    assert admin.get("/V1/vendor_faq/question?questionId=-1").status_code == 404


# --------------------------------------------------------------------------- NUL characters

def test_nul_in_a_body_value_is_refused_naming_the_field(admin):
    title = unique("nul ")
    r = admin.post("/V1/vendor_faq/question", json={"question": {"title": title + "\u0000x", "answer": "a"}})
    assert (r.status_code, r.json()) == (400, invalid(title + "\\0x", "title"))
    r = admin.get("/V1/vendor_faq/question/all", params={
        "searchCriteria[filterGroups][0][filters][0][field]": "title",
        "searchCriteria[filterGroups][0][filters][0][value]": title + "x"})
    assert (r.status_code, r.json()["total_count"]) == (200, 0)


def test_nul_in_a_query_value_or_search_criteria_is_refused(admin):
    r = admin.get("/V1/vendor_faq/question?questionId=1%00")
    assert (r.status_code, r.json()) == (400, invalid("1\\0", "questionId"))
    r = admin.get("/V1/customers/search", params={
        "searchCriteria[filterGroups][0][filters][0][field]": "email",
        "searchCriteria[filterGroups][0][filters][0][value]": "a\u0000b"})
    assert (r.status_code, r.json()) == (400, invalid("a\\0b", "value"))
    r = admin.get("/V1/customers/search", params={
        "searchCriteria[filterGroups][0][filters][0][field]": "e\u0000mail",
        "searchCriteria[filterGroups][0][filters][0][value]": "x"})
    assert (r.status_code, r.json()) == (400, invalid("e\\0mail", "field"))


def test_nul_in_a_path_segment_is_refused(server, admin):
    r = admin.get("/V1/products/sku%00x")
    assert (r.status_code, r.json()) == (400, invalid("sku\\0x", "sku"))
    _, token = new_customer(server)
    with server.client(token) as customer:  # before the owner check looks the cart up
        r = customer.get("/V1/carts/1%002/totals")
        assert r.status_code == 400, r.text


def test_nul_in_a_token_username_is_refused(server):
    r = httpx.post(server.url + "/rest/V1/integration/customer/token",
                   json={"username": "a\u0000@example.com", "password": "x"})
    assert (r.status_code, r.json()) == (400, invalid("a\\0@example.com", "username"))
    r = httpx.post(server.url + "/rest/V1/integration/admin/token", json={"username": "ad\u0000min", "password": "x"})
    assert (r.status_code, r.json()) == (400, invalid("ad\\0min", "username"))


# --------------------------------------------------------------------------- numbers

def test_prices_must_be_finite_and_fit_their_column(all_admin):
    sku = unique("big-")
    for price, shown in (("1e999", "1e999"), (1e308, "1e+308"), ("1e20", "1e+20")):
        r = all_admin.post("/V1/products", json={"product": {"sku": sku, "name": "Big", "price": price}})
        assert (r.status_code, r.json()) == (400, invalid(shown, "price")), price
    assert all_admin.get(f"/V1/products/{sku}").status_code == 404
    # the largest the column holds (16 digits before the point) is kept
    r = all_admin.post("/V1/products", json={"product": {"sku": sku, "name": "Big", "price": 999999999.5}})
    assert (r.status_code, r.json()["price"]) == (200, 999999999.5)


def test_stock_quantities_must_fit_their_column(all_admin):
    sku = unique("qty-")
    product = {"sku": sku, "name": "Qty", "price": 5,
               "extension_attributes": {"stock_item": {"qty": 1e30, "is_in_stock": True}}}
    r = all_admin.post("/V1/products", json={"product": product})
    assert (r.status_code, r.json()) == (400, invalid("1e+30", "qty"))
    assert all_admin.get(f"/V1/products/{sku}").status_code == 404
    product["extension_attributes"]["stock_item"]["qty"] = 7
    assert all_admin.post("/V1/products", json={"product": product}).status_code == 200
    r = all_admin.put(f"/V1/products/{sku}/stockItems/1", json={"stockItem": {"qty": 1e30}})
    assert (r.status_code, r.json()) == (400, invalid("1e+30", "qty"))
    assert all_admin.get(f"/V1/stockItems/{sku}").json()["qty"] == 7


# --------------------------------------------------------------------------- the customer lock

def test_the_customer_lock_holds_for_every_spelling_of_the_address(server):
    customer, _ = new_customer(server, password="Secret-123")
    email = customer["email"]
    spellings = [email, email.upper(), f"  {email} ", email.capitalize(), f"{email.upper()} ", f" {email}"]
    url = server.url + "/rest/V1/integration/customer/token"
    # a right password under any spelling signs in before the lock
    assert httpx.post(url, json={"username": f" {email.upper()} ", "password": "Secret-123"}).status_code == 200
    for spelling in spellings:  # six failures, each spelled differently
        r = httpx.post(url, json={"username": spelling, "password": "wrong"})
        assert (r.status_code, r.json()) == (401, SIGN_IN)
    for spelling in spellings:  # locked: the right password fails under every spelling
        r = httpx.post(url, json={"username": spelling, "password": "Secret-123"})
        assert (r.status_code, r.json()) == (401, SIGN_IN), spelling


# --------------------------------------------------------------------------- digits int() does not read

@pytest.mark.parametrize("digit", ["\u00b9", "\u2460", "\u00b2\u00b3"])
def test_digits_that_are_no_number_are_no_id(guest, admin, digit):
    """``"¹"`` is a digit to ``str.isdigit`` but no number to ``int()``: ids, cart ids and category links
    written with such characters are no ids (an empty answer or a 4xx), never a 500."""
    r = guest.get("/V1/vendor_product_attachment/getByFileIds", params={"fileIds[]": digit})
    assert (r.status_code, r.json()) == (200, []), r.text
    r = admin.get(f"/V1/carts/{digit}")
    assert r.status_code in (400, 404) and "message" in r.json(), r.text
    sku = unique("digit-")
    r = admin.post("/V1/products", json={"product": {"sku": sku, "name": "n", "price": 1, "attribute_set_id": 4,
                                                     "extension_attributes": {"category_links": [
                                                         {"category_id": digit, "position": 0}]}}})
    assert r.status_code == 400 and "message" in r.json(), r.text
    assert admin.get(f"/V1/products/{sku}").status_code == 404
