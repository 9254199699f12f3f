"""FAQ and product questions: questions, categories and tags (docs/modules/faq.md)."""
from . import tables  # noqa: F401
from .service import CategoryRepository, QuestionRepository, TagRepository  # noqa: F401
