"""Graphics scenes and their views: rack elevations, floor plan, fabric graph."""
