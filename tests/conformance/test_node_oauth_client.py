"""magento-api-rest (npm), a Node.js client that signs every request with OAuth 1.0a (the oauth-1.0a
library), runs its README flow unchanged against the live service with an integration's credentials:
reads with its default ``?searchCriteria`` query, a searchCriteria list, and a CMS block written,
read and deleted."""
import json
import shutil
import subprocess

import pytest

from tests.helpers import unique
from tests.helpers.harness import ROOT

SCRIPT = r"""
const Magento = require('magento-api-rest').default;
const creds = JSON.parse(process.env.VDC_CREDS);
const client = new Magento({url: process.env.VDC_URL, consumerKey: creds.consumer_key,
    consumerSecret: creds.consumer_secret, accessToken: creds.access_token, tokenSecret: creds.access_token_secret,
    sha: Number(process.env.VDC_SHA)});
(async () => {
    const out = {};
    out.country = (await client.get('directory/countries/US')).data;
    out.products = (await client.get('products', {page_size: 2, current_page: 1})).data;
    const block = (await client.post('cmsBlock', {block: {identifier: process.env.VDC_KEY, title: 'From Node',
        content: '<p>x</p>'}})).data;
    out.block = (await client.get('cmsBlock/' + block.id)).data;
    out.deleted = (await client.delete('cmsBlock/' + block.id)).data;
    try { await client.get('cmsBlock/' + block.id); out.after = 200; } catch (e) { out.after = e.response.status; }
    try { await client.get('orders', {page_size: 1}); out.orders = 200; } catch (e) { out.orders = e.response.status; }
    console.log(JSON.stringify(out));
})().catch(e => { console.error(e.response ? JSON.stringify(e.response.data) : e.stack); process.exit(1); });
"""


@pytest.mark.skipif(shutil.which("node") is None or not (ROOT / "node_modules" / "magento-api-rest").exists(),
                    reason="node and `make node_modules/.installed` are needed")
@pytest.mark.parametrize("sha", [1, 256])
def test_the_readme_flow_with_oauth_signatures(server, admin_token, sha):
    creds = json.loads(server.cli("integration", "create", "--name", unique("node"), "--json",
                                  "--resources", "Magento_Catalog::products",
                                  "--resources", "Magento_Cms::block").stdout)
    key = unique("node-block-").lower()
    run = subprocess.run(["node", "-e", SCRIPT], cwd=ROOT, capture_output=True, text=True, timeout=120,
                         env={"PATH": "/usr/bin:/bin", "VDC_URL": server.url + "/", "VDC_CREDS": json.dumps(creds),
                              "VDC_SHA": str(sha), "VDC_KEY": key})
    assert run.returncode == 0, run.stderr
    out = json.loads(run.stdout)
    assert out["country"]["id"] == "US" and out["country"]["three_letter_abbreviation"] == "USA"
    assert out["products"]["search_criteria"]["page_size"] == 2 and len(out["products"]["items"]) <= 2
    assert out["block"]["identifier"] == key and out["block"]["title"] == "From Node"
    assert out["deleted"] is True and out["after"] == 404
    assert out["orders"] == 401  # the integration was not granted the orders
