"""The FAQ data objects (the module's Api/Data interfaces), fields in wire order."""
from ...framework.data import DataObject, Out
from ...framework.search import search_results_type


class TagInterface(DataObject, interface="Vendor\\Faq\\Api\\Data\\TagInterface"):
    tag_id: int
    title: str


class QuestionInterface(DataObject, interface="Vendor\\Faq\\Api\\Data\\QuestionInterface"):
    # content
    question_id: int
    title: str
    short_answer: str
    answer: str
    relative_url: Out[str]
    visibility: int
    status: int
    name: str | None
    email: str
    position: int
    url_key: str | None
    # rating and SEO
    positive_rating: int | None
    negative_rating: int | None
    total_rating: int | None
    meta_title: str | None
    meta_description: str | None
    meta_robots: str | None
    created_at: str
    updated_at: Out[str]
    # relations and flags
    stores: str
    categories: str
    tags: list[TagInterface]
    visit_count: int
    exclude_sitemap: bool
    canonical_url: str
    noindex: Out[bool]
    nofollow: Out[bool]
    show_full_answer: bool
    product_ids: str
    asked_from_store: int | None
    customer_groups: str


class CategoryInterface(DataObject, interface="Vendor\\Faq\\Api\\Data\\CategoryInterface"):
    category_id: int
    title: str
    relative_url: Out[str]
    position: int | None
    url_key: str
    status: int
    meta_title: str
    meta_description: str
    visit_count: int
    exclude_sitemap: bool
    canonical_url: str
    description: str
    icon: str
    stores: str
    questions: str
    customer_groups: str
    created_at: Out[str]
    updated_at: Out[str]
    noindex: Out[bool]
    nofollow: Out[bool]


QuestionSearchResultsInterface = search_results_type(
    QuestionInterface, "Vendor\\Faq\\Api\\Data\\QuestionSearchResultsInterface")
CategorySearchResultsInterface = search_results_type(
    CategoryInterface, "Vendor\\Faq\\Api\\Data\\CategorySearchResultsInterface")
TagSearchResultsInterface = search_results_type(
    TagInterface, "Vendor\\Faq\\Api\\Data\\TagSearchResultsInterface")
