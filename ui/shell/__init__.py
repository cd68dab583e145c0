"""The application shell: the app, the main window, its controllers, crash
recovery, help and the repository actions."""
