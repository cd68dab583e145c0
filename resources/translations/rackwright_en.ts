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
    <context>
        <name>CableTable</name>
        <message numerus="yes">
            <location filename="../../ui/panels/cables.py" line="220" />
            <source>Disconnect %n cable(s)</source>
            <translation type="unfinished">
                <numerusform />
                <numerusform />
            </translation>
        </message>
    </context>
    <context>
        <name>FindingsPanel</name>
        <message numerus="yes">
            <location filename="../../ui/panels/findings.py" line="327" />
            <source>%n finding(s)</source>
            <translation type="unfinished">
                <numerusform />
                <numerusform />
            </translation>
        </message>
    </context>
    <context>
        <name>RackGraphicsView</name>
        <message numerus="yes">
            <location filename="../../ui/scenes/rack.py" line="1267" />
            <source>Disconnect %n cable(s)</source>
            <translation type="unfinished">
                <numerusform />
                <numerusform />
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../../ui/scenes/rack.py" line="1265" />
            <source>Disconnect all (%n cable(s))</source>
            <translation type="unfinished">
                <numerusform />
                <numerusform />
            </translation>
        </message>
    </context>
    <context>
        <name>TotalsPanel</name>
        <message numerus="yes">
            <location filename="../../ui/panels/totals.py" line="263" />
            <source>{racks} racks in %n room(s) · {errors} errors, {warnings} warnings</source>
            <translation type="unfinished">
                <numerusform />
                <numerusform />
            </translation>
        </message>
    </context>
</TS>
