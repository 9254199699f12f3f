"""`make serve` on a fresh machine: `vdcommerce serve --init` on an empty var/ dir (embedded SQLite)."""
import os
import re
import subprocess
import time

import httpx

from tests.helpers.harness import BIN, ROOT, free_port


def test_first_start_migrates_loads_demo_prints_an_admin_and_serves(tmp_path):
    port = free_port()
    env = {k: v for k, v in os.environ.items() if not k.startswith("VDC_")}
    env.update(VDC_VAR_DIR=str(tmp_path / "var"), VDC_PASSWORD_HASH_TIME_COST="1", VDC_PASSWORD_HASH_MEMORY_KIB="8192")
    log = tmp_path / "serve.log"
    proc = subprocess.Popen([str(BIN), "serve", "--init", "--port", str(port)], env=env, cwd=ROOT,
                            stdout=open(log, "wb"), stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                httpx.get(f"http://127.0.0.1:{port}/rest/V1/", timeout=0.5)
                break
            except httpx.TransportError:
                assert proc.poll() is None, log.read_text()
                time.sleep(0.2)
        out = log.read_text()
        m = re.search(r"Admin account:\s+(\S+) / (\S+)", out)
        assert m, out
        assert "curl -s -X POST" in out and "/rest/V1/integration/admin/token" in out
        assert (tmp_path / "var" / "vdcommerce.db").exists()
        token = httpx.post(f"http://127.0.0.1:{port}/rest/V1/integration/admin/token",
                           json={"username": m.group(1), "password": m.group(2)}).json()
        headers = {"Authorization": f"Bearer {token}"}
        faq = httpx.get(f"http://127.0.0.1:{port}/rest/V1/vendor_faq/question/all?searchCriteria=", headers=headers)
        assert faq.status_code == 200 and faq.json()["total_count"] > 0  # demo data
        customers = httpx.get(f"http://127.0.0.1:{port}/rest/V1/customers/search?searchCriteria=", headers=headers)
        assert customers.json()["total_count"] >= 3
        demo = httpx.post(f"http://127.0.0.1:{port}/rest/V1/integration/customer/token",
                          json={"username": "roni_cost@example.com", "password": "Roni-Cost-123"})
        assert demo.status_code == 200
        views = httpx.get(f"http://127.0.0.1:{port}/rest/de/V1/store/storeViews", headers=headers)  # demo view `de`
        assert {"id": 2, "code": "de", "name": "German Store View", "website_id": 1, "store_group_id": 1,
                "is_active": 1} in views.json()
    finally:
        os.killpg(proc.pid, 15)
        proc.wait(10)
