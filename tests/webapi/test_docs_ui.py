"""Swagger UI at /swagger, in a real headless Chromium (Debian's chromium and chromium-driver).

The browser is started with every host name but the server's address made unresolvable, so a page
that needed a CDN would fail to load; the test also checks that every file the page loaded came
from the server itself.
"""
from __future__ import annotations

import shutil

import httpx
import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.common.by import By
from selenium.webdriver.support import expected_conditions as ec
from selenium.webdriver.support.ui import WebDriverWait

from tests.helpers import unique

CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMEDRIVER = shutil.which("chromedriver")


@pytest.fixture(scope="module")
def browser():
    if not (CHROMIUM and CHROMEDRIVER):
        pytest.fail("chromium and chromedriver are needed (apt-get install chromium chromium-driver; make test does it)")
    options = webdriver.ChromeOptions()
    options.binary_location = CHROMIUM
    for arg in ("--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                "--window-size=1400,1000", "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"):
        options.add_argument(arg)
    driver = webdriver.Chrome(service=Service(CHROMEDRIVER), options=options)
    driver.set_page_load_timeout(60)
    yield driver
    driver.quit()


def wait(driver, seconds: float = 60) -> WebDriverWait:
    return WebDriverWait(driver, seconds)


def test_assets_are_served_locally(server):
    page = httpx.get(server.url + "/swagger")
    assert page.status_code == 200
    assert page.headers["content-type"].startswith("text/html")
    assert "//cdn" not in page.text and "https://" not in page.text
    js = httpx.get(server.url + "/swagger/assets/swagger-ui-bundle.js")
    assert js.status_code == 200 and len(js.content) > 500_000
    assert httpx.get(server.url + "/swagger/assets/nothing.js").status_code == 404
    assert httpx.get(server.url + "/swagger?store=../x").status_code == 400


def test_the_page_lists_operations_and_tries_one_with_a_token(server, admin, admin_token, browser):
    title = unique("Swagger question ")
    question = admin.post("/V1/vendor_faq/question", json={"question": {"title": title}}).json()

    browser.get(server.url + "/swagger")
    # a guest sees the operations open to guests: the token routes
    wait(browser).until(ec.presence_of_element_located(
        (By.CSS_SELECTOR, '.opblock-summary-path[data-path="/V1/integration/admin/token"]')))
    assert not browser.find_elements(By.CSS_SELECTOR, '.opblock-summary-path[data-path^="/V1/vendor_faq/"]')

    # with an admin token the page lists the module's operations
    box = browser.find_element(By.ID, "vdc-token")
    box.send_keys(admin_token)
    browser.find_element(By.ID, "vdc-apply").click()
    path = '.opblock-get .opblock-summary-path[data-path="/V1/vendor_faq/question"]'
    summary = wait(browser).until(ec.element_to_be_clickable((By.CSS_SELECTOR, path)))
    faq_paths = {e.get_attribute("data-path")
                 for e in browser.find_elements(By.CSS_SELECTOR, '.opblock-summary-path[data-path^="/V1/vendor_faq/"]')}
    assert {"/V1/vendor_faq/question/all", "/V1/vendor_faq/category", "/V1/vendor_faq/tag"} <= faq_paths

    # "Try it out" on GET /V1/vendor_faq/question?questionId=...
    summary.click()
    block = summary.find_element(By.XPATH, "./ancestor::div[contains(@class, 'opblock-get')]")
    wait(browser).until(lambda _: block.find_element(By.CSS_SELECTOR, ".try-out__btn")).click()
    field = wait(browser).until(lambda _: block.find_element(By.CSS_SELECTOR, 'tr[data-param-name="questionId"] input'))
    field.send_keys(str(question["question_id"]))
    block.find_element(By.CSS_SELECTOR, ".execute").click()
    status = wait(browser).until(lambda _: block.find_element(
        By.CSS_SELECTOR, ".live-responses-table tr.response td.response-col_status"))
    assert status.text.strip().startswith("200")
    body = block.find_element(By.CSS_SELECTOR, ".live-responses-table tr.response td.response-col_description pre").text
    assert title in body

    # nothing came from anywhere but the server
    loaded = browser.execute_script("return performance.getEntriesByType('resource').map(e => e.name)")
    assert loaded and all(url.startswith(server.url + "/") for url in loaded), loaded
