"""Demo option templates, created through the repository (nothing when there are some already)."""
from sqlalchemy import Connection, select

from ...framework.context import Context
from .api import CustomTemplateInterface
from .service import CustomTemplateRepository
from .tables import template

TEMPLATES = [
    {"name": "Engraving and gift box", "options": [
        {"title": "Engraving text", "type": "field", "sort_order": 1, "price": 5, "price_type": "fixed",
         "sku": "engr", "max_characters": 20, "font_color": "#333333", "font_size": 14},
        {"title": "Gift box", "type": "drop_down", "is_require": True, "sort_order": 2, "use_swatches": 1, "values": [
            {"title": "Red box", "price": 3, "sku": "box-red", "sort_order": 1, "swatch_value": "#c0392b"},
            {"title": "Gold box", "price": 4.5, "sku": "box-gold", "sort_order": 2, "swatch_value": "#d4af37"}]},
    ]},
    {"name": "Monogram", "options": [
        {"title": "Initials", "type": "field", "is_require": True, "price": 2.5, "max_characters": 3}]},
    {"name": "Photo print", "options": [
        {"title": "Your photo", "type": "file", "file_extension": "jpg, png", "image_size_x": 2000,
         "image_size_y": 2000, "price": 10, "price_type": "percent"},
        {"title": "Delivery date", "type": "date", "sort_order": 1}]},
]


def load(conn: Connection) -> None:
    if conn.execute(select(template.c.template_id).limit(1)).first() is not None:
        return
    repository = CustomTemplateRepository(Context(conn, store_id=0))
    for data in TEMPLATES:
        repository.save(CustomTemplateInterface.model_validate(data))
