"""The app side of reference designs and workload sizing: File > New from Template,
File > New from Workload (the sizing wizard) and the floor thumbnails both show.

The designs, the search and the plan generator are Qt-free (:mod:`planner.design`);
these modules show them, run them off the GUI thread (:mod:`ui.tasks`) and hand the
plan they made to the main window, which opens it as a new untitled document.
"""
