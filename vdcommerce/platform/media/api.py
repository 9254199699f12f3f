"""The platform's upload data object: a file travels in a JSON body as base64."""
from ...framework.data import DataObject


class ImageContentInterface(DataObject, interface="Magento\\Framework\\Api\\Data\\ImageContentInterface"):
    base64_encoded_data: str | None
    type: str | None
    name: str | None
