"""Product labels: badges drawn over product images, for the products their conditions select
(docs/modules/label.md)."""
from . import tables  # noqa: F401
from .service import LabelAssignmentRepository, LabelRepository  # noqa: F401
