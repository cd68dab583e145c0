<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
    <context>
        <name>App</name>
        <message numerus="yes">
            <location filename="../../ui/app.py" line="59" />
            <source>%n catalog file(s) failed validation and were skipped:

{files}

Everything else in the catalog loaded normally.</source>
            <translation type="unfinished">
                <numerusform />
                <numerusform />
            </translation>
        </message>
    </context>
</TS>
