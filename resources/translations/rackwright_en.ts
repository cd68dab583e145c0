<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en">
    <context>
        <name>App</name>
        <message numerus="yes">
            <location filename="../../ui/shell/app.py" line="109" />
            <source>%n catalog file(s) failed validation and were skipped:

{files}

Everything else in the catalog loaded normally.</source>
            <translation>
                <numerusform>%n catalog file failed validation and was skipped:

{files}

Everything else in the catalog loaded normally.</numerusform>
                <numerusform>%n catalog files failed validation and were skipped:

{files}

Everything else in the catalog loaded normally.</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>BomPricesDialog</name>
        <message numerus="yes">
            <location filename="../../ui/dialogs/bom_prices.py" line="124" />
            <source>Capex {amount} {currency} is INCOMPLETE: %n line(s) without a price or exchange rate are left out. Select one and set a price for this plan.</source>
            <translation>
                <numerusform>Capex {amount} {currency} is INCOMPLETE: %n line without a price or exchange rate is left out. Select it and set a price for this plan.</numerusform>
                <numerusform>Capex {amount} {currency} is INCOMPLETE: %n lines without a price or exchange rate are left out. Select one and set a price for this plan.</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>BuildPlanExporter</name>
        <message numerus="yes">
            <location filename="../../ui/exports/export.py" line="155" />
            <source>; cable schedule and pull list per pair of racks (%n cable(s): every one is in Export Tables)</source>
            <translation>
                <numerusform>; cable schedule and pull list per pair of racks (%n cable: every one is in Export Tables)</numerusform>
                <numerusform>; cable schedule and pull list per pair of racks (%n cables: every one is in Export Tables)</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../../ui/exports/export.py" line="158" />
            <source>Build plan written: {path} (%n page(s){extra})</source>
            <translation>
                <numerusform>Build plan written: {path} (%n page{extra})</numerusform>
                <numerusform>Build plan written: {path} (%n pages{extra})</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>BuildsPage</name>
        <message numerus="yes">
            <location filename="../../ui/design/wizard.py" line="1236" />
            <source>Compare Ticked (%n)</source>
            <translation>
                <numerusform>Compare Ticked (%n)</numerusform>
                <numerusform>Compare Ticked (%n)</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>CableList</name>
        <message numerus="yes">
            <location filename="../../ui/panels/cables.py" line="529" />
            <source>Disconnect %n cable(s)</source>
            <translation>
                <numerusform>Disconnect %n cable</numerusform>
                <numerusform>Disconnect %n cables</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>CableTable</name>
        <message numerus="yes">
            <location filename="../../ui/panels/cables.py" line="237" />
            <source>Disconnect %n cable(s)</source>
            <translation>
                <numerusform>Disconnect %n cable</numerusform>
                <numerusform>Disconnect %n cables</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>CompareDialog</name>
        <message numerus="yes">
            <location filename="../../ui/dialogs/compare.py" line="258" />
            <source>Build plan written: {path} (%n page(s))</source>
            <translation>
                <numerusform>Build plan written: {path} (%n page)</numerusform>
                <numerusform>Build plan written: {path} (%n pages)</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>FindingsPanel</name>
        <message numerus="yes">
            <location filename="../../ui/panels/findings.py" line="611" />
            <source>%n finding(s)</source>
            <translation>
                <numerusform>%n finding</numerusform>
                <numerusform>%n findings</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>MainWindow</name>
        <message numerus="yes">
            <location filename="../../ui/shell/windows.py" line="41" />
            <source>%n link(s)</source>
            <translation>
                <numerusform>%n link</numerusform>
                <numerusform>%n links</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../../ui/shell/windows.py" line="45" />
            <source>%n switch(es)</source>
            <translation>
                <numerusform>%n switch</numerusform>
                <numerusform>%n switches</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>NetboxImportResult</name>
        <message numerus="yes">
            <location filename="../../ui/dialogs/netbox_import.py" line="33" />
            <source>{ok} imported, {skipped} skipped, {failed} failed, of %n file(s).</source>
            <translation>
                <numerusform>{ok} imported, {skipped} skipped, {failed} failed, of %n file.</numerusform>
                <numerusform>{ok} imported, {skipped} skipped, {failed} failed, of %n files.</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>RackGraphicsView</name>
        <message numerus="yes">
            <location filename="../../ui/scenes/rack/view.py" line="249" />
            <source>Disconnect %n cable(s)</source>
            <translation>
                <numerusform>Disconnect %n cable</numerusform>
                <numerusform>Disconnect %n cables</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../../ui/scenes/rack/view.py" line="223" />
            <source>Disconnect all (%n cable(s))</source>
            <translation>
                <numerusform>Disconnect all (%n cable)</numerusform>
                <numerusform>Disconnect all (%n cables)</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>RackMenu</name>
        <message numerus="yes">
            <location filename="../../ui/dialogs/rack_menu.py" line="36" />
            <source>All racks (%n)</source>
            <translation>
                <numerusform>All racks (%n)</numerusform>
                <numerusform>All racks (%n)</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../../ui/dialogs/rack_menu.py" line="48" />
            <source>Whole row (%n racks)</source>
            <translation>
                <numerusform>Whole row (%n rack)</numerusform>
                <numerusform>Whole row (%n racks)</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>TotalsPanel</name>
        <message numerus="yes">
            <location filename="../../ui/panels/totals.py" line="319" />
            <source>%n error(s)</source>
            <translation>
                <numerusform>%n error</numerusform>
                <numerusform>%n errors</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../../ui/panels/totals.py" line="366" />
            <source>%n feed(s)</source>
            <translation>
                <numerusform>%n feed</numerusform>
                <numerusform>%n feeds</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../../ui/panels/totals.py" line="402" />
            <source>%n loop(s)</source>
            <translation>
                <numerusform>%n loop</numerusform>
                <numerusform>%n loops</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../../ui/panels/totals.py" line="572" />
            <source>%n rack domain(s), {complete} complete, {tbs} TB/s per GPU</source>
            <translation>
                <numerusform>%n rack domain, {complete} complete, {tbs} TB/s per GPU</numerusform>
                <numerusform>%n rack domains, {complete} complete, {tbs} TB/s per GPU</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../../ui/panels/totals.py" line="318" />
            <source>%n rack(s)</source>
            <translation>
                <numerusform>%n rack</numerusform>
                <numerusform>%n racks</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../../ui/panels/totals.py" line="387" />
            <source>%n rack(s) near capacity</source>
            <translation>
                <numerusform>%n rack near capacity</numerusform>
                <numerusform>%n racks near capacity</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../../ui/panels/totals.py" line="385" />
            <source>%n rack(s) over capacity</source>
            <translation>
                <numerusform>%n rack over capacity</numerusform>
                <numerusform>%n racks over capacity</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../../ui/panels/totals.py" line="318" />
            <source>%n room(s)</source>
            <translation>
                <numerusform>%n room</numerusform>
                <numerusform>%n rooms</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../../ui/panels/totals.py" line="580" />
            <source>%n server(s) with NVLink-bridged GPU pairs</source>
            <translation>
                <numerusform>%n server with NVLink-bridged GPU pairs</numerusform>
                <numerusform>%n servers with NVLink-bridged GPU pairs</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../../ui/panels/totals.py" line="582" />
            <source>%n server(s) with a GPU-to-GPU link</source>
            <translation>
                <numerusform>%n server with a GPU-to-GPU link</numerusform>
                <numerusform>%n servers with a GPU-to-GPU link</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../../ui/panels/totals.py" line="578" />
            <source>%n server(s) with an in-server Infinity Fabric domain</source>
            <translation>
                <numerusform>%n server with an in-server Infinity Fabric domain</numerusform>
                <numerusform>%n servers with an in-server Infinity Fabric domain</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../../ui/panels/totals.py" line="576" />
            <source>%n server(s) with an in-server NVSwitch domain</source>
            <translation>
                <numerusform>%n server with an in-server NVSwitch domain</numerusform>
                <numerusform>%n servers with an in-server NVSwitch domain</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../../ui/panels/totals.py" line="320" />
            <source>%n warning(s)</source>
            <translation>
                <numerusform>%n warning</numerusform>
                <numerusform>%n warnings</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>WorkloadsPanel</name>
        <message numerus="yes">
            <location filename="../../ui/panels/workloads.py" line="1248" />
            <source>Cannot delete {name}: %n workload(s) run on it ({who}). Set “Runs on” to another group or the whole plan first.</source>
            <translation>
                <numerusform>Cannot delete {name}: %n workload runs on it ({who}). Set “Runs on” to another group or the whole plan first.</numerusform>
                <numerusform>Cannot delete {name}: %n workloads run on it ({who}). Set “Runs on” to another group or the whole plan first.</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../../ui/panels/workloads.py" line="1268" />
            <source>Group %n server(s)</source>
            <translation>
                <numerusform>Group %n server</numerusform>
                <numerusform>Group %n servers</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../../ui/panels/workloads.py" line="1267" />
            <source>Group %n server(s) for {name}</source>
            <translation>
                <numerusform>Group %n server for {name}</numerusform>
                <numerusform>Group %n servers for {name}</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../../ui/panels/workloads.py" line="1276" />
            <source>Group of %n server(s) created</source>
            <translation>
                <numerusform>Group of %n server created</numerusform>
                <numerusform>Group of %n servers created</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../../ui/panels/workloads.py" line="1275" />
            <source>Group of %n server(s) created; {name} runs on it</source>
            <translation>
                <numerusform>Group of %n server created; {name} runs on it</numerusform>
                <numerusform>Group of %n servers created; {name} runs on it</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../../ui/panels/workloads.py" line="1247" />
            <source>{names} and %n more</source>
            <translation>
                <numerusform>{names} and %n more</numerusform>
                <numerusform>{names} and %n more</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../../ui/panels/workloads.py" line="1189" />
            <source>{name} (%n server(s))</source>
            <translation>
                <numerusform>{name} (%n server)</numerusform>
                <numerusform>{name} (%n servers)</numerusform>
            </translation>
        </message>
    </context>
</TS>
