"""The Quickorder services: the entity repository on the shared kit (framework/repository.py)."""
from __future__ import annotations

from ...framework.repository import Repository
from ...framework.search import SearchCriteria
from .api import EntityInterface, EntitySearchResultsInterface
from .tables import entity as entity_table


class EntityRepository(Repository[EntityInterface, EntitySearchResultsInterface]):
    interface = "Vendor\\Quickorder\\Api\\EntityRepositoryInterface"
    summary = "Quickorder entities"
    entity = "entity"
    table = entity_table
    data = EntityInterface
    results = EntitySearchResultsInterface
    not_found = 'The entity with ID "%1" doesn\'t exist.'
    required = ("title",)

    def save(self, entity: EntityInterface) -> EntityInterface:
        return self.save_record(entity)

    def get_by_id(self, entity_id: int) -> EntityInterface:
        return self.get_record(entity_id)

    def delete_by_id(self, entity_id: int) -> bool:
        return self.delete_record(entity_id)

    def get_list(self, search_criteria: SearchCriteria) -> EntitySearchResultsInterface:
        return self.list_records(search_criteria)
