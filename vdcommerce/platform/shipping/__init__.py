"""Shipping carriers: the registry of declared carriers and the platform's flatrate and freeshipping."""
