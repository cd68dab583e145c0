<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
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
        <message>
            <location filename="../../ui/app.py" line="58" />
            <source>Catalog problems</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>AutowireDialog</name>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="313" />
            <source>Added power: {typical:.2f} kW typical, {max:.2f} kW max</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="188" />
            <source>Apply</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="336" />
            <source>Apply adds this as one undo step; Cancel adds nothing.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="93" />
            <source>Auto-wire fabric</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="306" />
            <source>Cables to add: {n} ({servers} to servers, {uplinks} uplinks)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="106" />
            <source>Design a new fabric</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="319" />
            <source>Every rail meets on the fabric's one leaf: new ports take its free ports</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="108" />
            <source>Extend {name} (existing links stay)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="170" />
            <source>Fabric:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="175" />
            <source>Leaves:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="172" />
            <source>Network:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="262" />
            <source>New switches go into checked racks that hold this fabric's switches first,
then network racks, then other racks with room, then new network racks.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="321" />
            <source>No rail pattern to keep: new ports fill free leaf ports in order, then new leaves</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="244" />
            <source>Not yet wired into {name} ({n})</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="311" />
            <source>Optics to add: {n} transceivers</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="174" />
            <source>Oversubscription:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="266" />
            <source>Preview</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="267" />
            <source>Preview lists what will be added; nothing changes until Apply.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="304" />
            <source>Racks receiving switches: {racks}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="317" />
            <source>Rails kept: NIC n of each new server goes to a rail-n leaf</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="171" />
            <source>Servers:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="526" />
            <source>Stopping the design…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="173" />
            <source>Switch model:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="176" />
            <source>Switch racks:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="177" />
            <source>Switches go into free U of the checked racks; when those are full,
new network racks are proposed at the end of a network row.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="298" />
            <source>Switches to add: {n}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="324" />
            <source>The fabric grows from {a} to {b} tiers; existing links stay</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="345" />
            <source>The plan changed since the preview: preview again</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="424" />
            <source>Working out what {n} devices add to the fabric…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="290" />
            <source>leaf</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="309" />
            <source>no catalog cable reaches</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="305" />
            <source>none</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="303" />
            <source>none: the new servers fit free leaf ports</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="290" />
            <source>spine</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="308" />
            <source>{count} × {cable}, {length}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="299" />
            <source>{count} × {model} ({tier}) in {rack}: U{units}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="312" />
            <source>{count} × {optic}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="327" />
            <source>{n} links have no catalog cable for their length (see the findings)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="301" />
            <source>{rack} (new network rack)</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>BomPricesDialog</name>
        <message>
            <location filename="../../ui/dialogs/bom_prices.py" line="41" />
            <source>Bill of Materials and Prices</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/bom_prices.py" line="115" />
            <source>Capex {amount} {currency} is INCOMPLETE: {n} line(s) without a price or exchange rate are left out. Select one and set a price for this plan.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/bom_prices.py" line="111" />
            <source>Capex {amount} {currency}, every line priced.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/bom_prices.py" line="47" />
            <source>Catalog slug</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/bom_prices.py" line="48" />
            <source>Currency</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/bom_prices.py" line="49" />
            <source>Extended</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/bom_prices.py" line="106" />
            <source>Extended ({currency})</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/bom_prices.py" line="47" />
            <source>Item</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/bom_prices.py" line="109" />
            <source>No results yet.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/bom_prices.py" line="59" />
            <source>Price for this plan…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/bom_prices.py" line="48" />
            <source>Price from</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/bom_prices.py" line="47" />
            <source>Qty</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/bom_prices.py" line="48" />
            <source>Unit price</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/bom_prices.py" line="89" />
            <source>catalog</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/bom_prices.py" line="91" />
            <source>no exchange rate</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/bom_prices.py" line="87" />
            <source>no price</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/bom_prices.py" line="87" />
            <source>not in the capex</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/bom_prices.py" line="89" />
            <source>this plan</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>BuildPlanExporter</name>
        <message>
            <location filename="../../ui/export.py" line="110" />
            <source>An export is already running.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/export.py" line="170" />
            <source>Cancelling…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/export.py" line="218" />
            <source>Cannot export build plan</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/export.py" line="110" />
            <location filename="../../ui/export.py" line="150" />
            <source>Export build plan</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>CableList</name>
        <message>
            <location filename="../../ui/panels/cables.py" line="520" />
            <source>CSV (*.csv)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/cables.py" line="536" />
            <location filename="../../ui/panels/cables.py" line="544" />
            <source>Cannot export cables</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/cables.py" line="253" />
            <source>Export CSV…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/cables.py" line="520" />
            <source>Export cable schedule</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/cables.py" line="248" />
            <source>Search device, port, label…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/cables.py" line="455" />
            <source>{shown} of {total} cables</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/cables.py" line="456" />
            <source>{total} cables</source>
            <translation type="unfinished" />
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
        <name>CatalogPanel</name>
        <message>
            <location filename="../../ui/panels/catalog.py" line="211" />
            <source>Add device, module and rack types from NetBox YAML files (the community device-type library) to your catalog</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/catalog.py" line="219" />
            <source>Cancel Import</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/catalog.py" line="215" />
            <source>Files…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/catalog.py" line="217" />
            <source>Folder…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/catalog.py" line="210" />
            <source>Import NetBox Device Types…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/catalog.py" line="290" />
            <source>Importing NetBox device types…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/catalog.py" line="300" />
            <source>Importing {file} ({percent} %)…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/catalog.py" line="81" />
            <source>Needs data: {what}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/catalog.py" line="311" />
            <source>NetBox import</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/catalog.py" line="178" />
            <source>Search model, vendor, GPU...</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/catalog.py" line="311" />
            <source>The import stopped: {reason}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/catalog.py" line="91" />
            <source>maximum draw, kW (catalog)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/catalog.py" line="77" />
            <source>needs data</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/catalog.py" line="92" />
            <source>no power draw in the catalog yet</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/catalog.py" line="257" />
            <source>{shown} of {total} device types — drag into a rack</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>ChartsPanel</name>
        <message>
            <location filename="../../ui/panels/charts.py" line="288" />
            <source>Cooling</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/charts.py" line="287" />
            <source>Power</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/charts.py" line="289" />
            <source>Workloads</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>ConnectDialog</name>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="547" />
            <source>Automatic (by port kind)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="602" />
            <source>Choose a port at each end</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="539" />
            <source>Connect</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="574" />
            <source>Device:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="578" />
            <source>Fabric:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="575" />
            <source>Port:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="576" />
            <source>To device:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="577" />
            <source>To port:</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>Controllers</name>
        <message>
            <location filename="../../ui/controllers.py" line="57" />
            <source>
Field: {field}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/controllers.py" line="58" />
            <source> (line {line})</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/controllers.py" line="59" />
            <location filename="../../ui/controllers.py" line="64" />
            <location filename="../../ui/controllers.py" line="67" />
            <source>Cannot open plan</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/controllers.py" line="60" />
            <source>{file}{line} could not be opened.{where}

{message}</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>CoolingLoops</name>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="79" />
            <source>CDU catalog</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="79" />
            <source>design value</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="62" />
            <source>facility water, {kw} kW, {s}/{r} °C</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="80" />
            <source>from capacity and ΔT</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="65" />
            <source>in-row, {n} × {cdu}, {s}/{r} °C</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="81" />
            <source>unknown</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="82" />
            <source>{load} kW of {cap} kW ({pct} %), {racks} rack(s)
flow {flow} L/min of {rated} L/min rated ({basis})</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>CoolingLoopsDialog</name>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="347" />
            <location filename="../../ui/dialogs/cooling_loops.py" line="432" />
            <source>Assign selected racks</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="353" />
            <location filename="../../ui/dialogs/cooling_loops.py" line="431" />
            <source>Assign selected racks ({n})</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="324" />
            <source>Capacity</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="362" />
            <source>Close</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="318" />
            <source>Cooling loops</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="354" />
            <source>Delete</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="340" />
            <source>Edit…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="324" />
            <source>Flow</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="323" />
            <source>Kind</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="324" />
            <source>Load</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="323" />
            <source>Name</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="338" />
            <source>New facility water loop…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="336" />
            <source>New in-row CDU loop…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="349" />
            <source>Put the racks selected in the plan on this loop (one undo step). Racks on air become direct liquid on a CDU loop, rear doors on facility water.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="325" />
            <source>Racks</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="323" />
            <source>Supply/return</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="467" />
            <source>The selected racks are already on this loop.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="356" />
            <source>Unassign racks and delete</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="401" />
            <source>facility water</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="402" />
            <source>in-row, {n} × {cdu}</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>CsvOptionsDialog</name>
        <message>
            <location filename="../../ui/dialogs/table_export.py" line="44" />
            <source>Choose folder…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/table_export.py" line="32" />
            <source>Comma between fields, decimal point (English Excel)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/table_export.py" line="28" />
            <source>Export tables (CSV)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/table_export.py" line="41" />
            <source>Format</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/table_export.py" line="36" />
            <source>One file per table (BOM, cables, racks, power sources, power feeds, PDUs, workloads) in the folder you choose next, UTF-8 with a byte-order mark. Files of the same names there are replaced.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/table_export.py" line="33" />
            <source>Semicolon between fields, decimal comma (German Excel)</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>Dialogs</name>
        <message>
            <location filename="../../ui/dialogs/__init__.py" line="83" />
            <source>Delete Room</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/__init__.py" line="79" />
            <source>Delete room</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/__init__.py" line="80" />
            <source>Delete {room} with everything in it?</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/__init__.py" line="165" />
            <source>Import NetBox device types</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/__init__.py" line="174" />
            <source>Import a folder of NetBox device types</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/__init__.py" line="54" />
            <source>Import price list</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/__init__.py" line="201" />
            <source>New from NetBox Site</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/__init__.py" line="45" />
            <source>Open plan</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/__init__.py" line="101" />
            <source>Plan already open</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/__init__.py" line="55" />
            <source>Price lists (*.xlsx *.csv);;Excel workbook (*.xlsx);;CSV, UTF-8 (*.csv);;All files (*)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/__init__.py" line="116" />
            <source>Rackwright did not close properly. These plans were autosaved:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/__init__.py" line="114" />
            <source>Recover unsaved work</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/__init__.py" line="81" />
            <source>Rows: {rows}, racks: {racks}, devices: {devices}, links: {links}.
Edit &gt; Undo brings them all back.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/__init__.py" line="60" />
            <source>Save plan as</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/__init__.py" line="34" />
            <source>Save the changes to {name}?</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/__init__.py" line="33" />
            <source>Unsaved changes</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/__init__.py" line="35" />
            <source>Your changes will be lost if you don't save them.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/__init__.py" line="205" />
            <source>{n} line(s) were left out; Show Details lists them by file and line.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/__init__.py" line="102" />
            <source>{reason}.

Opening it here too means two people may save over each other's work. Open {name} anyway?</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>EngineLabels</name>
        <message>
            <location filename="../../ui/settings.py" line="263" />
            <source>Air with containment, rack limit (kW)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/settings.py" line="262" />
            <source>Air-cooled rack limit (kW)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/settings.py" line="256" />
            <source>Breaker continuous-load derating (fraction)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/settings.py" line="270" />
            <source>CDU sizing margin (×)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/settings.py" line="268" />
            <source>Cooling warning at (fraction of capacity)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/settings.py" line="271" />
            <source>Default cable length (m)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/settings.py" line="261" />
            <source>Default power cords per device</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/settings.py" line="258" />
            <source>Default power factor</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/settings.py" line="265" />
            <source>Direct liquid cooling, rack limit (kW)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/settings.py" line="259" />
            <source>Feed / phase warning at (fraction of capacity)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/settings.py" line="266" />
            <source>Immersion tank, default capacity (kW)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/settings.py" line="267" />
            <source>Liquid-cooled rack, heat to room air (kW)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/settings.py" line="257" />
            <source>Load basis for capacity checks</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/settings.py" line="272" />
            <source>Minimum CPU cores per GPU</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/settings.py" line="274" />
            <source>Minimum compute fabric per GPU (Gb/s)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/settings.py" line="275" />
            <source>Minimum storage read per GPU (GB/s)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/settings.py" line="273" />
            <source>Minimum system RAM / GPU memory (×)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/settings.py" line="260" />
            <source>Phase imbalance warning (%)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/settings.py" line="264" />
            <source>Rear-door HX, default capacity (kW)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/settings.py" line="269" />
            <source>Server air temperature rise ΔT (K)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/settings.py" line="277" />
            <source>Stranded headroom threshold (kW)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/settings.py" line="276" />
            <source>Workload margin warning (fraction)</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>Export</name>
        <message>
            <location filename="../../ui/export.py" line="35" />
            <source>Export build plan (PDF)</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>ExportOptionsDialog</name>
        <message>
            <location filename="../../ui/dialogs/export_options.py" line="67" />
            <source>All</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/export_options.py" line="100" />
            <source>Choose file…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/export_options.py" line="51" />
            <source>Export build plan</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/export_options.py" line="67" />
            <source>None</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/export_options.py" line="91" />
            <source>Paper</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/export_options.py" line="55" />
            <source>Sections</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/export_options.py" line="77" />
            <source>Table of contents after the cover (page numbers, links)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/export_options.py" line="92" />
            <source>Units</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>FabricView</name>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="329" />
            <source>Fabric:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="333" />
            <source>Name, kind, speed and oversubscription target of this fabric, in the Inspector</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="485" />
            <source>No fabric in this plan: Plan › Auto-wire fabric… builds one</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="331" />
            <source>Properties…</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>FileController</name>
        <message>
            <location filename="../../ui/controllers.py" line="183" />
            <source>Cannot save plan</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/controllers.py" line="138" />
            <source>New from NetBox Site</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/controllers.py" line="139" />
            <source>The NetBox export could not be read.

{reason}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/controllers.py" line="130" />
            <source>rack type by height: {guess}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/controllers.py" line="183" />
            <source>{file} could not be saved.

{error}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/controllers.py" line="128" />
            <source>{racks} rack(s) and {devices} device(s) of site “{site}” imported.</source>
            <translation type="unfinished" />
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
        <message>
            <location filename="../../ui/panels/findings.py" line="265" />
            <source>Filter findings (code, message, rack...)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/findings.py" line="325" />
            <source>no findings: the design passes every check</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/findings.py" line="323" />
            <source>no results yet</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>FloorScene</name>
        <message>
            <location filename="../../ui/scenes/floor.py" line="1034" />
            <source>Add a room first: rows go inside a room</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/floor.py" line="1039" />
            <source>Rows go inside a room: right-click on a room's floor</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>FloorView</name>
        <message>
            <location filename="../../ui/scenes/floor.py" line="1468" />
            <source>Add Rack</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/floor.py" line="1460" />
            <source>Add Room</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/floor.py" line="1466" />
            <source>Add Row…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/floor.py" line="1469" />
            <source>Add a rack at the end of the selected row</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/floor.py" line="1607" />
            <source>Add a rack to {row}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/floor.py" line="1590" />
            <source>Add a room first: rows go inside a room</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/floor.py" line="1467" />
            <source>Add a row of racks behind the rows of the room shown</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/floor.py" line="1461" />
            <source>Add an empty room to the site and show it</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/floor.py" line="1476" />
            <source>Add rack</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/floor.py" line="1476" />
            <location filename="../../ui/scenes/floor.py" line="1592" />
            <source>Add row</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/floor.py" line="1625" />
            <source>Add row of {n} racks here</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/floor.py" line="1607" />
            <source>Add {n} racks to {row}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/floor.py" line="1442" />
            <source>Colour by Cooling</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/floor.py" line="1439" />
            <source>Colour by Power</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/floor.py" line="1444" />
            <source>Colour racks by heat against the rack's cooling capacity</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/floor.py" line="1441" />
            <source>Colour racks by power draw against the rack's power limit</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/floor.py" line="1443" />
            <source>Cooling</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/floor.py" line="1472" />
            <location filename="../../ui/scenes/floor.py" line="1477" />
            <source>Delete</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/floor.py" line="1462" />
            <source>Delete Room…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/floor.py" line="1617" />
            <source>Delete rack {rack}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/floor.py" line="1463" />
            <source>Delete the room shown, with its rows and racks (undo restores)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/floor.py" line="1473" />
            <source>Delete the selected racks and rows (Del)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/floor.py" line="1632" />
            <source>Delete {room}…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/floor.py" line="1621" />
            <source>Delete {row} with its racks</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/floor.py" line="1456" />
            <source>Fit</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/floor.py" line="1453" />
            <source>Fit Floor</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/floor.py" line="1454" />
            <source>Fit the floor in the view (Ctrl+0, F)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/floor.py" line="1465" />
            <source>Name, size, tiles and floor of the room shown, in the Inspector</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/floor.py" line="1440" />
            <source>Power</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/floor.py" line="1474" />
            <source>Properties</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/floor.py" line="1615" />
            <source>Properties of {rack}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/floor.py" line="1630" />
            <source>Properties of {room}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/floor.py" line="1619" />
            <source>Properties of {row}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/floor.py" line="1592" />
            <source>Racks in the new row:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/floor.py" line="1464" />
            <source>Room Properties</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/floor.py" line="1470" />
            <source>Rotate Row</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/floor.py" line="1477" />
            <source>Rotate row</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/floor.py" line="1610" />
            <source>Rotate {row} 90°</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/floor.py" line="1650" />
            <source>Select a row (or one of its racks) to add a rack to</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/floor.py" line="1480" />
            <location filename="../../ui/scenes/floor.py" line="1635" />
            <source>Show Room</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/floor.py" line="1475" />
            <source>Show the selection in the Inspector</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/floor.py" line="1384" />
            <source>The room shown on the floor plan</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/floor.py" line="1583" />
            <source>There is no room to delete</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/floor.py" line="1573" />
            <source>There is no room: add one first</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/floor.py" line="1471" />
            <source>Turn the selected row 90° (R)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/floor.py" line="1451" />
            <source>Zoom In</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/floor.py" line="1452" />
            <source>Zoom Out</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/floor.py" line="1455" />
            <source>Zoom in</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/floor.py" line="1455" />
            <source>Zoom out</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>Help</name>
        <message>
            <location filename="../../ui/help.py" line="224" />
            <source>About Rackwright</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/help.py" line="117" />
            <source>Command</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/help.py" line="210" />
            <source>Desktop planner for AI/GPU datacenter builds: racks, fabrics, cooling and workloads in one live model. Works offline; every figure is traceable to a catalog source or a documented formula.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/help.py" line="113" />
            <source>In the rack elevations: Up/Down move the selection 1U, Delete removes it, Escape clears the selection, Ctrl+wheel zooms.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/help.py" line="122" />
            <source>Keyboard Shortcuts</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/help.py" line="115" />
            <source>Keyboard shortcuts</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/help.py" line="118" />
            <source>Keys</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/help.py" line="219" />
            <source>Licence</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/help.py" line="117" />
            <source>Menu</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/help.py" line="219" />
            <source>Name</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/help.py" line="58" />
            <source>Rackwright Guide</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/help.py" line="90" />
            <source>Redo</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/help.py" line="213" />
            <source>The PDF build plan embeds the DejaVu fonts (Bitstream Vera licence, see resources/fonts/LICENSE-DejaVu.txt).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/help.py" line="64" />
            <source>The user guide is missing from this installation: {path}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/help.py" line="217" />
            <source>Third-party software</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/help.py" line="89" />
            <source>Undo</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/help.py" line="219" />
            <source>Version</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/help.py" line="216" />
            <source>Versions</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/help.py" line="105" />
            <source>Window</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/help.py" line="201" />
            <source>not installed</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/help.py" line="191" />
            <source>not stated</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>Inspector</name>
        <message>
            <location filename="../../ui/panels/inspector.py" line="559" />
            <source>(default)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="545" />
            <source>(generic)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="559" />
            <source>(loop's)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="856" />
            <location filename="../../ui/panels/inspector.py" line="872" />
            <source>(no engine results yet)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="519" />
            <source>(none)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="339" />
            <source>(not connected)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="552" />
            <source>(not set)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="625" />
            <source>Air (no row default)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="557" />
            <source>Air ΔT</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="636" />
            <source>All {total} racks follow the row.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="639" />
            <source>Apply to all racks</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="503" />
            <source>As row ({method})</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="233" />
            <source>Asset tag</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="209" />
            <source>Change in Plan &gt; Plan Settings…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="696" />
            <source>Compute</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="561" />
            <source>Coolant temperature rise, overriding the loop's</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="557" />
            <source>Coolant ΔT</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="501" />
            <location filename="../../ui/panels/inspector.py" line="877" />
            <source>Cooling</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="624" />
            <source>Cooling (row default)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="540" />
            <location filename="../../ui/panels/inspector.py" line="755" />
            <source>Cooling loop</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="387" />
            <source>Cord {n}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="536" />
            <source>Create a cooling loop and put this rack on it (one undo step)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="787" />
            <source>Delete loop</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="286" />
            <location filename="../../ui/panels/inspector.py" line="670" />
            <source>Depth</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="475" />
            <location filename="../../ui/panels/inspector.py" line="770" />
            <source>Engine</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="641" />
            <source>Every rack of the row follows the row's cooling: their own choices are cleared (one undo step)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="688" />
            <source>Fabric</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="679" />
            <source>Floor</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="672" />
            <source>Floor load limit</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="671" />
            <source>Floor tiles</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="696" />
            <source>Front-end</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="275" />
            <source>GPUs</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="264" />
            <source>Height</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="238" />
            <location filename="../../ui/panels/inspector.py" line="463" />
            <location filename="../../ui/panels/inspector.py" line="668" />
            <location filename="../../ui/panels/inspector.py" line="690" />
            <source>Id</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="698" />
            <source>Kind</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="711" />
            <source>Layout</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="701" />
            <source>Link speed</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="714" />
            <source>Links</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="249" />
            <source>Lowest U</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="697" />
            <source>Management</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="284" />
            <source>Mass</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="266" />
            <source>Max power</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="551" />
            <source>Max. supply</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="505" />
            <location filename="../../ui/panels/inspector.py" line="626" />
            <source>Method</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="210" />
            <source>Money</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="697" />
            <source>NVLink</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="667" />
            <location filename="../../ui/panels/inspector.py" line="689" />
            <source>Name</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="282" />
            <source>Needs data</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="534" />
            <source>New loop…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="486" />
            <source>No PDUs in this rack: drag PDUs from the catalog onto its sides.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="351" />
            <source>No feeds yet: add them in Plan &gt; Power Feeds and Sources</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="322" />
            <source>No price: not in the capex, which is incomplete.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="783" />
            <source>No racks yet: choose this loop in a rack's or row's cooling, or use Plan &gt; Cooling Loops &gt; Assign selected racks.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="320" />
            <source>No results yet.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="510" />
            <source>Not on a cooling loop: choose one, or create it with New loop…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="703" />
            <source>Oversubscription target</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="271" />
            <source>PSU nameplate</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="419" />
            <location filename="../../ui/panels/inspector.py" line="442" />
            <source>Pin</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="421" />
            <source>Plug this cord into the chosen outlet; the device's other cords stay where they are. A cord the engine spread there moves elsewhere.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="876" />
            <source>Power</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="369" />
            <source>Power cords</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="720" />
            <source>Power feed</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="295" />
            <source>Price</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="302" />
            <source>Price for this plan…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="239" />
            <source>Rack</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="616" />
            <location filename="../../ui/panels/inspector.py" line="682" />
            <source>Racks</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="776" />
            <source>Racks on this loop</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="706" />
            <source>Rail-optimised</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="674" />
            <source>Raised floor (unchecked: slab)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="666" />
            <source>Room</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="464" />
            <source>Row</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="681" />
            <source>Rows</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="221" />
            <source>Select a rack or a device to see its properties.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="234" />
            <source>Serial</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="562" />
            <source>Server air temperature rise, for the airflow</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="196" />
            <source>Site</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="291" />
            <source>Sources</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="447" />
            <source>Spread automatically</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="696" />
            <source>Storage</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="700" />
            <source>Technology</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="280" />
            <source>The catalog entry lacks these figures (imported from NetBox?); the engine counts what is missing as zero. Fill them in the catalog file.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="453" />
            <source>The engine spreads these cords over the rack's PDUs, A/B alternating, each on the least-loaded phase.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="106" />
            <source>The selected item no longer exists.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="554" />
            <source>The warmest coolant the door, cold plates or tank are designed for; a warning when the loop supplies warmer water</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="237" />
            <source>Type</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="268" />
            <source>Typical power</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="789" />
            <source>Unassign racks and delete</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="549" />
            <source>Unit</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="669" />
            <source>Width</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="331" />
            <source>catalog price</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="401" />
            <source>cord </source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="333" />
            <source>no exchange rate: not in the capex</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="202" />
            <source>none</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="408" />
            <source>outlet </source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="382" />
            <source>pinned</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="329" />
            <source>price set for this plan{source}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="382" />
            <source>spread by the engine</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="880" />
            <source>{0}: {1}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="883" />
            <source>{0}: {1} % of its limit, {2}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="271" />
            <source>{count} x {rating} W</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="203" />
            <source>{cur}; exchange rates: {rates}{date}; {price:g} {cur}/kWh, utilisation {util:g} %</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="345" />
            <source>{name} (side {side})</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="342" />
            <source>{name} (side {side}, on {source})</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="95" />
            <source>{n} items selected ({kinds}).
Delete, Copy and Duplicate act on all of them.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="633" />
            <source>{n} of {total} racks have their own cooling: {names}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="383" />
            <source>{pdu} outlet {outlet}, {phase} ({how})</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="379" />
            <source>{pdu}, outlet not known yet</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="324" />
            <source>{price} {currency} each, {qty} in the plan</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="548" />
            <source>{slug} (not in catalog)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="781" />
            <source>… and {n} more</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>Levels</name>
        <message>
            <location filename="../../ui/style.py" line="287" />
            <source>&gt; 100 %</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/style.py" line="292" />
            <source>&gt; {0} %</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/style.py" line="199" />
            <source>close to the limit</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/style.py" line="289" />
            <source>near limit</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/style.py" line="287" />
            <source>no figures</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/style.py" line="202" />
            <source>no limit to compare</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/style.py" line="289" />
            <source>ok</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/style.py" line="201" />
            <source>over the limit</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/style.py" line="197" />
            <source>within limits</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/style.py" line="292" />
            <source>≤ {0} %</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>LoopEditor</name>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="258" />
            <source>Edit cooling loop</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="264" />
            <source>New facility water loop</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="265" />
            <source>New in-row CDU loop</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="269" />
            <source>Racks that go on the new loop: {names}</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>LoopForm</name>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="120" />
            <source>CDU model</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="125" />
            <source>CDUs</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="137" />
            <source>Capacity</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="130" />
            <source>Coolant</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="109" />
            <source>Facility water (chilled or warm)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="108" />
            <source>In-row CDUs (secondary loop)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="110" />
            <source>Kind</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="105" />
            <source>Name</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="129" />
            <source>PG25 (25 % propylene glycol)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="140" />
            <source>Rated flow</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="134" />
            <source>Return</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="229" />
            <source>Return: must be warmer than the supply ({s} °C)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="132" />
            <source>Supply</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="128" />
            <source>Water</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="194" />
            <source>from capacity and ΔT</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="136" />
            <location filename="../../ui/dialogs/cooling_loops.py" line="193" />
            <source>from the CDUs (catalog)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="139" />
            <location filename="../../ui/dialogs/cooling_loops.py" line="195" />
            <source>from the CDUs, else capacity and ΔT</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="116" />
            <source>{name} ({kw} kW)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="119" />
            <source>{slug} (not in catalog)</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>MainWindow</name>
        <message>
            <location filename="../../ui/mainwindow.py" line="316" />
            <source>&amp;About Rackwright</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="216" />
            <source>&amp;Copy</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="218" />
            <source>&amp;Delete</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="247" />
            <source>&amp;Edit</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="193" />
            <source>&amp;Export Build Plan (PDF)…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="231" />
            <source>&amp;File</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="226" />
            <source>&amp;Fit Elevations</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="318" />
            <source>&amp;Help</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="314" />
            <source>&amp;Keyboard Shortcuts</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="187" />
            <source>&amp;New</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="188" />
            <source>&amp;Open…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="217" />
            <source>&amp;Paste</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="263" />
            <source>&amp;Plan</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="272" />
            <source>&amp;Power Feeds and Sources…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="204" />
            <source>&amp;Quit</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="227" />
            <source>&amp;Recalculate</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="191" />
            <source>&amp;Save</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="252" />
            <source>&amp;View</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="273" />
            <source>Add and edit UPSs, panels and the feeds that hang off them</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="265" />
            <source>Auto-&amp;wire Fabric…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="268" />
            <source>Auto-wire &amp;NVLink Domain</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="504" />
            <source>Auto-wired {links} NVLink links to {trays} switch trays</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="485" />
            <source>Auto-wired {links} links, {switches} switches</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="278" />
            <source>Cooling &amp;Loops…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="221" />
            <source>Copy the selected rack N times along its row</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="279" />
            <source>Create, edit and delete CDU and facility water loops; assign the selected racks</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="215" />
            <source>Cu&amp;t</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="219" />
            <source>D&amp;uplicate</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="220" />
            <source>Duplicate Rack × &amp;N…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="195" />
            <source>Export &amp;Workbook (Excel)…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="199" />
            <source>Export Tables (&amp;CSV)…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="487" />
            <source>Extended the fabric: {links} links, {switches} switches added</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="261" />
            <source>F&amp;loor</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="301" />
            <source>Import &amp;Price List…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="224" />
            <source>Move Down 1U</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="223" />
            <source>Move Up 1U</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="529" />
            <source>Name the selected racks or devices from a pattern (one undo step)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="189" />
            <source>New from NetBox &amp;Site…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="234" />
            <source>Open &amp;Recent</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="188" />
            <source>Open a plan</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="525" />
            <source>Plan &amp;Settings…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="311" />
            <source>Rackwright &amp;Guide</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="528" />
            <source>Re&amp;name Selection…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="302" />
            <source>Read a distributor price list (XLSX or CSV) into your catalog; the capex uses its prices</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="344" />
            <source>Refused: {reason}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="228" />
            <source>Reset &amp;Layout</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="192" />
            <source>Save &amp;As…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="191" />
            <source>Save the plan</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="192" />
            <source>Save the plan under a new name</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="203" />
            <source>Se&amp;ttings…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="222" />
            <source>Select &amp;All</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="561" />
            <source>Select racks or devices to rename</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="526" />
            <source>Site, customer, currency and exchange rates, energy price, PUE, utilisation and naming patterns of this plan</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="187" />
            <source>Start a new plan</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="190" />
            <source>Start a plan from a NetBox site export (racks, devices)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="313" />
            <source>The user guide: catalog, racks, feeds, workloads, wiring, export</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="499" />
            <source>Wiring the NVLink domain of {name}…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="201" />
            <source>Write the BOM, cable schedule, racks, power and workload verdicts as CSV files, one per table</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="197" />
            <source>Write the BOM, cable schedule, racks, power and workload verdicts as an Excel workbook</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="194" />
            <source>Write the printed build plan as a PDF</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/mainwindow.py" line="397" />
            <source>{path} no longer exists</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>NeedsData</name>
        <message>
            <location filename="../../ui/dialogs/needs_data.py" line="12" />
            <source>GPUs</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/needs_data.py" line="14" />
            <source>cooling and liquid fraction</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/needs_data.py" line="15" />
            <source>depth</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/needs_data.py" line="11" />
            <source>device kind</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/needs_data.py" line="16" />
            <source>price</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/needs_data.py" line="13" />
            <source>typical and maximum power</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>NetboxImportResult</name>
        <message>
            <location filename="../../ui/dialogs/netbox_import.py" line="45" />
            <source>Details</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/netbox_import.py" line="45" />
            <source>File</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/netbox_import.py" line="34" />
            <source>Imported devices are marked “needs data” in the catalog until their GPUs, power draw, cooling and price are filled in.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/netbox_import.py" line="26" />
            <source>NetBox import</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/netbox_import.py" line="45" />
            <source>Result</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/netbox_import.py" line="32" />
            <source>The import was cancelled; the files listed were done.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/netbox_import.py" line="39" />
            <source>Written to: {folder}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/netbox_import.py" line="49" />
            <source>failed</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/netbox_import.py" line="48" />
            <source>imported</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/netbox_import.py" line="53" />
            <source>line</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/netbox_import.py" line="48" />
            <source>replaced</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/netbox_import.py" line="48" />
            <source>skipped</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/netbox_import.py" line="56" />
            <source>{entry}; needs data: {what}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/netbox_import.py" line="29" />
            <source>{ok} imported, {skipped} skipped, {failed} failed, of {files} file(s).</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>NetboxSiteDialog</name>
        <message>
            <location filename="../../ui/dialogs/netbox_site.py" line="37" />
            <source>Browse…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/netbox_site.py" line="34" />
            <source>Device types export</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/netbox_site.py" line="33" />
            <source>Devices export</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/netbox_site.py" line="57" />
            <source>NetBox CSV export</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/netbox_site.py" line="26" />
            <source>New from NetBox Site</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/netbox_site.py" line="33" />
            <source>Racks export (required)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/netbox_site.py" line="27" />
            <source>Start a plan from the hall as it stands: choose NetBox's CSV exports of the site's racks and devices (Export &gt; CSV on each list). Devices whose type is not in the catalog are listed, not placed; the device-types export helps match types.</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>PlanSettingsDialog</name>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="160" />
            <source> % of capex per year</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="153" />
            <source> years</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="319" />
            <source> {cur}/kW per month</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="96" />
            <source>Add Rate</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="71" />
            <source>Author</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="177" />
            <source>Catalog price</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="185" />
            <source>Cloud price per GPU-hour</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="169" />
            <source>Colocation price</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="205" />
            <source>Cooling units</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="86" />
            <location filename="../../ui/dialogs/plan_settings.py" line="89" />
            <source>Currency</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="69" />
            <source>Customer</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="123" />
            <source>Electricity price</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="138" />
            <source>Energy per year = typical IT power × PUE × 8,760 h × utilisation; its cost at the electricity price.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="113" />
            <source>Exchange rates</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="177" />
            <source>GPU</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="74" />
            <source>General</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="143" />
            <source>Money</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="224" />
            <source>Names</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="325" />
            <source>No GPUs in the plan yet: place GPU servers to set their cloud price.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="73" />
            <source>Notes</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="206" />
            <source>Other devices</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="205" />
            <source>PDUs</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="130" />
            <source>PUE</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="195" />
            <source>Patterns for new, pasted and duplicated items: {n} is a running number ({n:02} gives 01, 02, ...), {row}, {rack} and {room} the names of where the item goes. Empty: racks continue the last rack's name, devices get their model and a number.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="51" />
            <source>Plan Settings</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="205" />
            <source>Power shelves</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="178" />
            <source>Price for this plan</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="321" />
            <source>Price for this plan in {cur} per GPU-hour; blank uses the catalog's indicative price (converted at the exchange rates). Rent or own uses the most numerous GPU model.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="70" />
            <source>Project</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="203" />
            <source>Racks</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="89" />
            <source>Rate</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="330" />
            <source>Rate: how many {cur} one unit of the other currency buys (plan in EUR: USD 0.92 means 1 USD = 0.92 EUR).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="116" />
            <source>Rates as of</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="99" />
            <source>Remove Rate</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="190" />
            <source>Rent or Own</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="72" />
            <source>Revision</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="203" />
            <source>Rooms</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="203" />
            <source>Rows</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="204" />
            <source>Servers</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="68" />
            <source>Site</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="170" />
            <source>Space and power per kW of committed IT power (the maximum draw) and month; 0 for the customer's own hall.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="204" />
            <source>Storage</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="162" />
            <source>Support and maintenance</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="204" />
            <source>Switches</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="333" />
            <source>The plan's catalog prices are in {list}.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="137" />
            <source>Utilisation</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="115" />
            <source>YYYY-MM-DD</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="155" />
            <source>Years of use</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="212" />
            <source>e.g. {example}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="355" />
            <source>invalid</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="299" />
            <source>none</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>Power</name>
        <message>
            <location filename="../../ui/dialogs/power.py" line="69" />
            <source>(no engine results yet)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="61" />
            <source>Generator</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="60" />
            <source>Panel</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="60" />
            <source>Switchboard</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="60" />
            <source>UPS</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="70" />
            <source>{load:.1f} kW normal, {fail:.1f} kW on failover of {cap:.1f} kW ({util:.0f} %)</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>PowerDialog</name>
        <message>
            <location filename="../../ui/dialogs/power.py" line="308" />
            <source>A new feed on the selected source (on the other side than the last feed)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="310" />
            <source>Add A+B Feeds for Selected Racks</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="306" />
            <source>Add Feed</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="296" />
            <source>Add UPS / Panel</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="274" />
            <source>Capacity kW</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="315" />
            <location filename="../../ui/dialogs/power.py" line="530" />
            <source>Delete</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="528" />
            <source>Disconnect its PDUs and delete the feed?</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="369" />
            <source>Feed</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="375" />
            <source>Feeds on no source</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="529" />
            <source>Hang what it supplies on its own upstream (or nothing) and delete it?</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="273" />
            <source>Kind</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="273" />
            <source>Load / failover kW</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="273" />
            <source>Name</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="267" />
            <source>Power Feeds and Sources</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="284" />
            <source>Select a power source or a feed to edit it, or add one below.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="513" />
            <source>Select one or more racks (or devices in them) first.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="273" />
            <source>Side</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="312" />
            <source>Two feeds per selected rack, named after it, with its unconnected PDUs on them (left PDUs on A, right on B); on the selected source</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>PowerForm</name>
        <message>
            <location filename="../../ui/dialogs/power.py" line="251" />
            <source>(none yet: pick this feed in a PDU's Inspector)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="175" />
            <location filename="../../ui/dialogs/power.py" line="203" />
            <source>(none)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="256" />
            <source>(nothing yet: hang feeds or panels off it)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="188" />
            <source>1-phase</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="188" />
            <source>3-phase</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="189" />
            <source>Breaker</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="202" />
            <source>Capacity</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="191" />
            <source>Continuous load</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="104" />
            <source>Engine</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="194" />
            <source>Fraction of the breaker rating the feed may carry continuously (NEC: 0.8); 'engine default' uses the setting</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="186" />
            <location filename="../../ui/dialogs/power.py" line="204" />
            <source>Hangs off</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="201" />
            <source>Kind</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="184" />
            <location filename="../../ui/dialogs/power.py" line="200" />
            <source>Name</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="196" />
            <source>PDUs</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="188" />
            <source>Phases</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="190" />
            <source>Power factor</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="185" />
            <location filename="../../ui/dialogs/power.py" line="203" />
            <source>Side</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="205" />
            <source>Supplies</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="187" />
            <source>Voltage</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="192" />
            <source>engine default</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>PriceImportDialog</name>
        <message>
            <location filename="../../ui/dialogs/price_import.py" line="64" />
            <source>Catalog entry</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/price_import.py" line="74" />
            <source>Could not be read ({n})</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/price_import.py" line="65" />
            <source>Currency</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/price_import.py" line="65" />
            <source>Date</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/price_import.py" line="70" />
            <source>Field</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/price_import.py" line="64" />
            <location filename="../../ui/dialogs/price_import.py" line="68" />
            <location filename="../../ui/dialogs/price_import.py" line="70" />
            <source>Line</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/price_import.py" line="72" />
            <source>Matched ({n})</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/price_import.py" line="73" />
            <source>Not matched ({n})</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/price_import.py" line="55" />
            <source>Nothing was written: no row matched. An earlier import of this list is kept.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/price_import.py" line="64" />
            <source>Price</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/price_import.py" line="39" />
            <source>Price List Imported</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/price_import.py" line="39" />
            <source>Price List Not Imported</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/price_import.py" line="58" />
            <source>Prices in {currencies} count in this plan's capex only with an exchange rate to {plan} (Plan Settings).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/price_import.py" line="70" />
            <source>Problem</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/price_import.py" line="51" />
            <source>The prices are in the user catalog as the price list “{name}” (importing it again replaces it); the capex is recalculated.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/price_import.py" line="65" />
            <location filename="../../ui/dialogs/price_import.py" line="68" />
            <source>The row named</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/price_import.py" line="68" />
            <source>Why</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/price_import.py" line="46" />
            <source>{file}: {rows} rows read: {matched} matched, {unmatched} not matched, {bad} could not be read.</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>PriceListImporter</name>
        <message>
            <location filename="../../ui/dialogs/price_import.py" line="156" />
            <source>Import Price List</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/price_import.py" line="157" />
            <source>The price list could not be read; nothing was imported.</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>PriceOverrideDialog</name>
        <message>
            <location filename="../../ui/dialogs/price_override.py" line="100" />
            <source>Catalog price: none.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/price_override.py" line="102" />
            <source>Catalog price: {amount} {currency} ({basis}, {date}).</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/price_override.py" line="64" />
            <source>Currency</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/price_override.py" line="65" />
            <source>Date</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/price_override.py" line="106" />
            <source>In the plan: {qty}.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/price_override.py" line="67" />
            <source>Note</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/price_override.py" line="63" />
            <source>Price</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/price_override.py" line="34" />
            <source>Price for This Plan</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/price_override.py" line="66" />
            <source>Source</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/price_override.py" line="74" />
            <source>Use Catalog Price</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/price_override.py" line="56" />
            <source>YYYY-MM-DD</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/price_override.py" line="59" />
            <source>e.g. distributor quote Q-2291</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/price_override.py" line="46" />
            <source>price per unit</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/price_override.py" line="37" />
            <source>{name} ({slug}): the price this plan uses instead of the catalog's, for every one in the bill of materials.</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>RackGraphicsView</name>
        <message>
            <location filename="../../ui/scenes/rack.py" line="1254" />
            <source>Connect {port}…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/rack.py" line="1262" />
            <source>Connect…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/rack.py" line="1269" />
            <source>Delete</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/rack.py" line="1276" />
            <source>Delete rack</source>
            <translation type="unfinished" />
        </message>
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
        <message>
            <location filename="../../ui/scenes/rack.py" line="1253" />
            <source>Disconnect {port}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/rack.py" line="1270" />
            <source>Duplicate</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/rack.py" line="1275" />
            <source>Duplicate rack x N…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/rack.py" line="1272" />
            <location filename="../../ui/scenes/rack.py" line="1278" />
            <source>Properties</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>RackScene</name>
        <message>
            <location filename="../../ui/scenes/rack.py" line="685" />
            <source>0U, {side} side of the {face}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/rack.py" line="720" />
            <source>Feed: no power cords</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/rack.py" line="702" />
            <source>Feed: none assigned</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/rack.py" line="709" />
            <source>Feed: the rack's DC busbar (power shelves)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/rack.py" line="718" />
            <source>Feed: {feeds}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/rack.py" line="701" />
            <source>Feed: {feed}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/rack.py" line="698" />
            <source>Load: {typical} kW typical, {max} kW max</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/rack.py" line="704" />
            <source>Power: none counted</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/rack.py" line="696" />
            <source>Power: not calculated yet</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/rack.py" line="706" />
            <source>Power: {typical} kW typical, {max} kW max</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/rack.py" line="682" />
            <source>front</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/rack.py" line="684" />
            <source>left</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/rack.py" line="682" />
            <source>rear</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/rack.py" line="684" />
            <source>right</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/rack.py" line="716" />
            <source>{feed} via {pdu}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/rack.py" line="571" />
            <source>{n}× {model}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/rack.py" line="717" />
            <source>{pdu} (no feed)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/rack.py" line="677" />
            <source>{slug} (not in the catalog)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/rack.py" line="689" />
            <source>{span}, {face}</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>RackView</name>
        <message>
            <location filename="../../ui/scenes/rack.py" line="1334" />
            <source>Add an empty rack at the end of this row</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/rack.py" line="1333" />
            <source>Add rack</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/rack.py" line="1336" />
            <source>Drag devices from the catalog into a rack; Up/Down moves the selection 1U</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/rack.py" line="1328" />
            <source>Fit</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/rack.py" line="1343" />
            <source>Row:</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/scenes/rack.py" line="1329" />
            <source>Zoom to fit the row (Ctrl+wheel zooms)</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>RecoveryController</name>
        <message>
            <location filename="../../ui/recovery.py" line="173" />
            <source>Cannot recover</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>RenameDialog</name>
        <message>
            <location filename="../../ui/dialogs/rename.py" line="50" />
            <source>First number</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/rename.py" line="57" />
            <source>New name</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/rename.py" line="57" />
            <source>Now</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/rename.py" line="49" />
            <source>Pattern</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/rename.py" line="90" />
            <source>Pattern: {reason}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/rename.py" line="35" />
            <source>Rename Selection</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/rename.py" line="84" />
            <source>Select racks or devices to rename.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/dialogs/rename.py" line="51" />
            <source>{n} counts in the order you selected the items ({n:02} gives 01, 02, ...); {rack}, {row} and {room} are each item's own rack, row and room.</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>RentOwnChart</name>
        <message>
            <location filename="../../ui/panels/rent_chart.py" line="44" />
            <source>No GPUs in this plan: nothing to rent.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/rent_chart.py" line="35" />
            <source>Own</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/rent_chart.py" line="36" />
            <source>Rent</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/rent_chart.py" line="32" />
            <source>Rent or own: cumulative cost</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/rent_chart.py" line="101" />
            <source>Renting is not costed: {reason}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/rent_chart.py" line="89" />
            <source>break-even {months} months</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/rent_chart.py" line="85" />
            <source>cumulative cost ({unit})</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/rent_chart.py" line="31" />
            <source>months</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>ScalingChart</name>
        <message>
            <location filename="../../ui/panels/scaling_chart.py" line="131" />
            <source>&lt;b&gt;Scaling&lt;/b&gt;</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/scaling_chart.py" line="148" />
            <source>GPUs (log scale)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/scaling_chart.py" line="129" />
            <source>The figure plotted against the GPU count</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/scaling_chart.py" line="132" />
            <source>What-if: this workload on more or fewer GPUs of the same servers, sized by the planner at each count (power and cooling not included)</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>SettingsDialog</name>
        <message>
            <location filename="../../ui/settings.py" line="301" />
            <source>Dark</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/settings.py" line="310" />
            <source>Display</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/settings.py" line="317" />
            <source>Engine thresholds</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/settings.py" line="300" />
            <location filename="../../ui/settings.py" line="306" />
            <source>Follow the system</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/settings.py" line="296" />
            <source>Imperial (ft, in, lb, BTU/h, CFM, °F)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/settings.py" line="314" />
            <source>Language (after a restart)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/settings.py" line="300" />
            <source>Light</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/settings.py" line="295" />
            <source>Metric (m, mm, kg, kW, m³/h, °C)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/settings.py" line="291" />
            <source>Settings</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/settings.py" line="309" />
            <source>Takes effect when Rackwright is started again.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/settings.py" line="322" />
            <source>The engine is not available in this build.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/settings.py" line="313" />
            <source>Theme</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/settings.py" line="312" />
            <source>Units</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>TablesExporter</name>
        <message>
            <location filename="../../ui/export_tables.py" line="114" />
            <source>An export is already running.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/export_tables.py" line="176" />
            <source>Cancel</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/export_tables.py" line="197" />
            <source>Cancelling…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/export_tables.py" line="167" />
            <location filename="../../ui/export_tables.py" line="256" />
            <source>Cannot export tables</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/export_tables.py" line="35" />
            <source>Excel workbooks (*.xlsx);;All files (*)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/export_tables.py" line="114" />
            <location filename="../../ui/export_tables.py" line="178" />
            <source>Export tables</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/export_tables.py" line="43" />
            <source>Export tables (CSV): choose a folder</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/export_tables.py" line="34" />
            <source>Export workbook (Excel)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/export_tables.py" line="191" />
            <source>Exporting the tables to {name}…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/export_tables.py" line="261" />
            <source>Table export cancelled; nothing was written</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/export_tables.py" line="255" />
            <source>Table export failed</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/export_tables.py" line="254" />
            <source>The tables could not be made.

{error}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/export_tables.py" line="237" />
            <source>Workbook written: {path}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/export_tables.py" line="210" />
            <source>Writing the tables: {stage}…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/export_tables.py" line="176" />
            <source>Writing the tables…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/export_tables.py" line="239" />
            <source>{count} CSV files written to {folder}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/export_tables.py" line="251" />
            <source>{name} could not be written.

{reason}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/export_tables.py" line="247" />
            <source>{name} could not be written.

{reason}

If the file is open in another program (Excel locks the files it has open), close it there and export again.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/export_tables.py" line="168" />
            <source>{path} is a file; the CSV tables are written into a folder.</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>TotalsPanel</name>
        <message>
            <location filename="../../ui/panels/totals.py" line="181" />
            <source>Bill of materials and prices…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="363" />
            <source>Items without a price or an exchange rate are not in this figure: the capex is understated.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="128" />
            <source>No results yet</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="252" />
            <source>No results yet: the engine has not run on this plan.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="385" />
            <source>break-even {months} months</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="397" />
            <source>capex incomplete: owning is understated</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="355" />
            <source>incomplete: no exchange rate for {currencies} (Plan &gt; Plan Settings)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="373" />
            <source>no GPUs in this plan</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="359" />
            <source>no prices</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="379" />
            <source>not costed</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="391" />
            <source>own {own}/year vs rent {rent}/year ({gpus} GPUs at {price} {cur}/GPU-hour, {source}); break-even utilisation {util}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="379" />
            <source>own {own}/year; renting not costed: {reason}</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="387" />
            <source>price set in this plan</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="383" />
            <source>renting cheaper</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="361" />
            <source>{amount} INCOMPLETE</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="388" />
            <source>{offer}, {basis} {date}</source>
            <translation type="unfinished" />
        </message>
        <message numerus="yes">
            <location filename="../../ui/panels/totals.py" line="263" />
            <source>{racks} racks in %n room(s) · {errors} errors, {warnings} warnings</source>
            <translation type="unfinished">
                <numerusform />
                <numerusform />
            </translation>
        </message>
    </context>
    <context>
        <name>UtilBar</name>
        <message>
            <location filename="../../ui/panels/totals.py" line="74" />
            <source>{0} % of capacity</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>WorkloadsPanel</name>
        <message>
            <location filename="../../ui/panels/workloads.py" line="323" />
            <source>Add a workload target: training, fine-tuning, inference serving or storage</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="321" />
            <source>Add target</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="364" />
            <source>Delete</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="366" />
            <source>Delete the server group chosen on the left (undoable); not while a workload runs on it</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="338" />
            <source>Group from selection</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="642" />
            <source>Kind</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="339" />
            <source>Make a server group of the GPU servers selected in the racks or on the floor (servers of selected racks count too) and run the current workload on it</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="641" />
            <source>Name</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="396" />
            <source>No workload targets yet. Add one (training, fine-tuning, inference or storage) to see whether this build meets it.</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="333" />
            <source>Remove</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="334" />
            <source>Remove the selected workload target (undoable)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="362" />
            <source>Rename the server group chosen on the left (undoable)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="360" />
            <source>Rename…</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="643" />
            <source>Runs on</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="369" />
            <source>Server groups</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="358" />
            <source>The plan's server groups (a workload can run on one)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="669" />
            <source>Whole plan (every GPU server)</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>_RackBars</name>
        <message>
            <location filename="../../ui/panels/charts.py" line="113" />
            <source>No rack figures yet</source>
            <translation type="unfinished" />
        </message>
    </context>
    <context>
        <name>_WorkloadMargins</name>
        <message>
            <location filename="../../ui/panels/charts.py" line="209" />
            <source>No workload targets in this plan (add one in the Workloads panel to see margins)</source>
            <translation type="unfinished" />
        </message>
        <message>
            <location filename="../../ui/panels/charts.py" line="200" />
            <source>achieved / target (%)</source>
            <translation type="unfinished" />
        </message>
    </context>
</TS>
