"""A user's gesture -> one planner edit (add, paste, drag, power and cooling
gestures, plan settings), Qt-free so it is tested headless."""
