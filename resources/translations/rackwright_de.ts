<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="de">
    <context>
        <name>App</name>
        <message numerus="yes">
            <location filename="../../ui/shell/app.py" line="109" />
            <source>%n catalog file(s) failed validation and were skipped:

{files}

Everything else in the catalog loaded normally.</source>
            <translation>
                <numerusform>%n Katalogdatei hat die Prüfung nicht bestanden und wurde übersprungen:

{files}

Der übrige Katalog wurde normal geladen.</numerusform>
                <numerusform>%n Katalogdateien haben die Prüfung nicht bestanden und wurden übersprungen:

{files}

Der übrige Katalog wurde normal geladen.</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../ui/shell/app.py" line="108" />
            <source>Catalog problems</source>
            <translation>Probleme im Katalog</translation>
        </message>
    </context>
    <context>
        <name>AutowireDialog</name>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="363" />
            <source>Added power: {typical:.2f} kW typical, {max:.2f} kW max</source>
            <translation>Zusätzliche Leistung: {typical:.2f} kW typisch, {max:.2f} kW maximal</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="151" />
            <source>All servers and storage ({n})</source>
            <translation>Alle Server und Speicher ({n})</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="218" />
            <source>Apply</source>
            <translation>Übernehmen</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="378" />
            <source>Apply adds this as one undo step; Cancel adds nothing.</source>
            <translation>„Übernehmen“ fügt dies als einen Rückgängig-Schritt hinzu; „Abbrechen“ fügt nichts hinzu.</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="112" />
            <source>Auto-wire fabric</source>
            <translation>Fabric automatisch verkabeln</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="356" />
            <source>Cables to add: {n} ({servers} to servers, {uplinks} uplinks)</source>
            <translation>Hinzuzufügende Kabel: {n} ({servers} zu Servern, {uplinks} Uplinks)</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="589" />
            <source>Cancelling: nothing will be added to the plan</source>
            <translation>Abbruch: dem Plan wird nichts hinzugefügt</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="436" />
            <source>Chosen devices ({n})</source>
            <translation>Gewählte Geräte ({n})</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="127" />
            <source>Design a new fabric</source>
            <translation>Eine neue Fabric entwerfen</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="491" />
            <source>Designing the {kind} fabric for {n} devices…</source>
            <translation>Die {kind}-Fabric für {n} Geräte wird entworfen…</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="78" />
            <source>End-of-row leaves per row</source>
            <translation>End-of-Row-Leafs pro Reihe</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="395" />
            <source>Every rail meets on the fabric's one leaf: new ports take its free ports</source>
            <translation>Alle Rails treffen sich am einzigen Leaf der Fabric: neue Ports belegen dessen freie Ports</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="129" />
            <source>Extend {name} (existing links stay)</source>
            <translation>{name} erweitern (bestehende Verbindungen bleiben)</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="199" />
            <source>Fabric:</source>
            <translation>Fabric:</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="144" />
            <source>Group: {name} ({n})</source>
            <translation>Gruppe: {name} ({n})</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="204" />
            <source>Leaves:</source>
            <translation>Leafs:</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="384" />
            <source>Leaves: {leaves}, spines: {spines}, cores: {cores}</source>
            <translation>Leaves: {leaves}, Spines: {spines}, Cores: {cores}</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="201" />
            <source>Network:</source>
            <translation>Netzwerk:</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="399" />
            <source>New ports fill free leaf ports in order, then new leaves</source>
            <translation>Neue Ports belegen freie Leaf-Ports der Reihe nach, dann neue Leaves</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="396" />
            <source>New ports take free ports of the fabric's one leaf</source>
            <translation>Neue Ports belegen freie Ports des einen Leafs der Fabric</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="307" />
            <source>New switches go into checked racks that hold this fabric's switches first,
then network racks, then other racks with room, then new network racks.</source>
            <translation>Neue Switches kommen zuerst in angehakte Racks mit Switches dieser Fabric,
dann in Netzwerk-Racks, dann in andere Racks mit Platz, dann in neue Netzwerk-Racks.</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="398" />
            <source>No rail pattern to keep: new ports fill free leaf ports in order, then new leaves</source>
            <translation>Kein Rail-Muster zu erhalten: neue Ports belegen freie Leaf-Ports der Reihe nach, dann neue Leafs</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="291" />
            <source>Not yet wired into {name} ({n})</source>
            <translation>Noch nicht in {name} verkabelt ({n})</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="361" />
            <source>Optics to add: {n} transceivers</source>
            <translation>Hinzuzufügende Optiken: {n} Transceiver</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="203" />
            <source>Oversubscription:</source>
            <translation>Überbuchung:</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="212" />
            <source>Preview</source>
            <translation>Vorschau</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="311" />
            <source>Preview lists what will be added; nothing changes until Apply.</source>
            <translation>Die Vorschau listet, was hinzukommt; nichts ändert sich vor „Übernehmen“.</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="354" />
            <source>Racks receiving switches: {racks}</source>
            <translation>Racks, die Switches aufnehmen: {racks}</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="76" />
            <source>Rail-optimised leaves (compute)</source>
            <translation>Rail-optimierte Leafs (Compute)</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="387" />
            <source>Rail-optimised: NIC n of every server goes to a rail-n leaf</source>
            <translation>Rail-optimiert: NIC n jedes Servers geht an ein Rail-n-Leaf</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="393" />
            <source>Rails kept: NIC n of each new server goes to a rail-n leaf</source>
            <translation>Rails bleiben: Netzwerkkarte n jedes neuen Servers geht an ein Rail-n-Leaf</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="150" />
            <source>Row: {name} ({n} servers/storage)</source>
            <translation>Reihe: {name} ({n} Server/Storage)</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="141" />
            <source>Selected devices ({n})</source>
            <translation>Ausgewählte Geräte ({n})</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="200" />
            <source>Servers:</source>
            <translation>Server:</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="588" />
            <source>Stopping the design…</source>
            <translation>Entwurf wird angehalten…</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="202" />
            <source>Switch model:</source>
            <translation>Switch-Modell:</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="205" />
            <source>Switch racks:</source>
            <translation>Switch-Racks:</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="350" />
            <source>Switches already racked, now wired: {n}</source>
            <translation>Bereits eingebaute Switches, jetzt verkabelt: {n}</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="206" />
            <source>Switches of the chosen model already racked for this network are used
first. New ones go into free U of the checked racks; when those are full,
new network racks are proposed at the end of a network row.</source>
            <translation>Bereits für dieses Netz eingebaute Switches des gewählten Modells werden
zuerst genutzt. Neue kommen in freie HE der angehakten Racks; sind diese voll,
werden neue Netzwerk-Racks am Ende einer Netzwerkreihe vorgeschlagen.</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="342" />
            <source>Switches to add: {n}</source>
            <translation>Hinzuzufügende Switches: {n}</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="401" />
            <source>The fabric grows from {a} to {b} tiers; existing links stay</source>
            <translation>Die Fabric wächst von {a} auf {b} Ebenen; bestehende Verbindungen bleiben</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="412" />
            <source>The plan changed since the preview: preview again</source>
            <translation>Der Plan hat sich seit der Vorschau geändert: Vorschau erneut anzeigen</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="77" />
            <source>Top-of-rack leaf per rack</source>
            <translation>Top-of-Rack-Leaf pro Rack</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="494" />
            <source>Working out what {n} devices add to the fabric…</source>
            <translation>Es wird ermittelt, was {n} Geräte zur Fabric hinzufügen…</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="333" />
            <source>core</source>
            <translation>Core</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="333" />
            <source>leaf</source>
            <translation>Leaf</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="359" />
            <source>no catalog cable reaches</source>
            <translation>kein Katalogkabel reicht</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="355" />
            <source>none</source>
            <translation>keine</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="348" />
            <source>none: the new servers fit free leaf ports</source>
            <translation>keine: die neuen Server passen an freie Leaf-Ports</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="347" />
            <source>none: the switches already racked take every port</source>
            <translation>keine: die bereits eingebauten Switches nehmen jeden Port</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="333" />
            <source>spine</source>
            <translation>Spine</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="358" />
            <source>{count} × {cable}, {length}</source>
            <translation>{count} × {cable}, {length}</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="343" />
            <location filename="../../ui/dialogs/wiring.py" line="351" />
            <source>{count} × {model} ({tier}) in {rack}: U{units}</source>
            <translation>{count} × {model} ({tier}) in {rack}: HE {units}</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="362" />
            <source>{count} × {optic}</source>
            <translation>{count} × {optic}</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="368" />
            <source>{n} links have no catalog cable for their length (see the findings)</source>
            <translation>{n} Verbindungen haben kein Katalogkabel für ihre Länge (siehe Befunde)</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="175" />
            <source>{rack} (network)</source>
            <translation>{rack} (Netzwerk)</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="345" />
            <source>{rack} (new network rack)</source>
            <translation>{rack} (neues Netzwerk-Rack)</translation>
        </message>
    </context>
    <context>
        <name>BomPricesDialog</name>
        <message>
            <location filename="../../ui/dialogs/bom_prices.py" line="48" />
            <source>Bill of Materials and Prices</source>
            <translation>Stückliste und Preise</translation>
        </message>
        <message numerus="yes">
            <location filename="../../ui/dialogs/bom_prices.py" line="124" />
            <source>Capex {amount} {currency} is INCOMPLETE: %n line(s) without a price or exchange rate are left out. Select one and set a price for this plan.</source>
            <translation>
                <numerusform>Investitionskosten {amount} {currency} sind UNVOLLSTÄNDIG: %n Position ohne Preis oder Wechselkurs fehlt. Diese wählen und einen Preis für diesen Plan setzen.</numerusform>
                <numerusform>Investitionskosten {amount} {currency} sind UNVOLLSTÄNDIG: %n Positionen ohne Preis oder Wechselkurs fehlen. Eine wählen und einen Preis für diesen Plan setzen.</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/bom_prices.py" line="120" />
            <source>Capex {amount} {currency}, every line priced.</source>
            <translation>Investitionskosten {amount} {currency}, jede Position mit Preis.</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/bom_prices.py" line="54" />
            <source>Catalog slug</source>
            <translation>Katalog-Kennung</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/bom_prices.py" line="55" />
            <source>Currency</source>
            <translation>Währung</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/bom_prices.py" line="56" />
            <source>Extended</source>
            <translation>Gesamt</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/bom_prices.py" line="115" />
            <source>Extended ({currency})</source>
            <translation>Gesamt ({currency})</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/bom_prices.py" line="54" />
            <source>Item</source>
            <translation>Position</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/bom_prices.py" line="118" />
            <source>No results yet.</source>
            <translation>Noch keine Ergebnisse.</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/bom_prices.py" line="66" />
            <source>Price for this plan…</source>
            <translation>Preis für diesen Plan…</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/bom_prices.py" line="55" />
            <source>Price from</source>
            <translation>Preis aus</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/bom_prices.py" line="54" />
            <source>Qty</source>
            <translation>Menge</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/bom_prices.py" line="55" />
            <source>Unit price</source>
            <translation>Stückpreis</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/bom_prices.py" line="98" />
            <source>catalog</source>
            <translation>Katalog</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/bom_prices.py" line="100" />
            <source>no exchange rate</source>
            <translation>kein Wechselkurs</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/bom_prices.py" line="96" />
            <source>no price</source>
            <translation>kein Preis</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/bom_prices.py" line="96" />
            <source>not in the capex</source>
            <translation>nicht in den Investitionskosten</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/bom_prices.py" line="98" />
            <source>this plan</source>
            <translation>dieser Plan</translation>
        </message>
    </context>
    <context>
        <name>BuildPlanExporter</name>
        <message numerus="yes">
            <location filename="../../ui/exports/export.py" line="155" />
            <source>; cable schedule and pull list per pair of racks (%n cable(s): every one is in Export Tables)</source>
            <translation>
                <numerusform>; Kabelplan und Kabelzugliste je Rackpaar (%n Kabel: jedes steht in „Tabellen exportieren“)</numerusform>
                <numerusform>; Kabelplan und Kabelzugliste je Rackpaar (%n Kabel: jedes steht in „Tabellen exportieren“)</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../ui/exports/export.py" line="152" />
            <source>; rack sheets one per layout ({n})</source>
            <translation>; Rackblätter je Aufbau eines ({n})</translation>
        </message>
        <message>
            <location filename="../../ui/exports/export.py" line="92" />
            <source>An export is already running.</source>
            <translation>Ein Export läuft bereits.</translation>
        </message>
        <message>
            <location filename="../../ui/exports/export.py" line="97" />
            <source>Build plan export cancelled; nothing was written</source>
            <translation>Export des Aufbauplans abgebrochen; nichts wurde geschrieben</translation>
        </message>
        <message>
            <location filename="../../ui/exports/export.py" line="96" />
            <source>Build plan export failed</source>
            <translation>Export des Aufbauplans fehlgeschlagen</translation>
        </message>
        <message numerus="yes">
            <location filename="../../ui/exports/export.py" line="158" />
            <source>Build plan written: {path} (%n page(s){extra})</source>
            <translation>
                <numerusform>Aufbauplan geschrieben: {path} (%n Seite{extra})</numerusform>
                <numerusform>Aufbauplan geschrieben: {path} (%n Seiten{extra})</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../ui/exports/export.py" line="98" />
            <source>Cancel</source>
            <translation>Abbrechen</translation>
        </message>
        <message>
            <location filename="../../ui/exports/export.py" line="98" />
            <source>Cancelling…</source>
            <translation>Wird abgebrochen…</translation>
        </message>
        <message>
            <location filename="../../ui/exports/export.py" line="91" />
            <source>Cannot export build plan</source>
            <translation>Aufbauplan kann nicht exportiert werden</translation>
        </message>
        <message>
            <location filename="../../ui/exports/export.py" line="91" />
            <source>Export build plan</source>
            <translation>Aufbauplan exportieren</translation>
        </message>
        <message>
            <location filename="../../ui/exports/export.py" line="95" />
            <source>Exporting the build plan to {file}…</source>
            <translation>Aufbauplan wird nach {file} exportiert…</translation>
        </message>
        <message>
            <location filename="../../ui/exports/export.py" line="170" />
            <source>The build plan could not be made.

{error}</source>
            <translation>Der Aufbauplan konnte nicht erstellt werden.

{error}</translation>
        </message>
        <message>
            <location filename="../../ui/exports/export.py" line="166" />
            <source>The comparison page could not be made: {error}

Nothing was written.</source>
            <translation>Die Vergleichsseite konnte nicht erstellt werden: {error}

Es wurde nichts geschrieben.</translation>
        </message>
        <message>
            <location filename="../../ui/exports/export.py" line="94" />
            <source>Writing the build plan: {stage}…</source>
            <translation>Aufbauplan wird geschrieben: {stage}…</translation>
        </message>
        <message>
            <location filename="../../ui/exports/export.py" line="93" />
            <source>Writing the build plan…</source>
            <translation>Aufbauplan wird geschrieben…</translation>
        </message>
    </context>
    <context>
        <name>BuildsPage</name>
        <message>
            <location filename="../../ui/design/wizard.py" line="1025" />
            <source>Any GPU</source>
            <translation>Jede GPU</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="902" />
            <source>Any cooling</source>
            <translation>Jede Kühlung</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="1217" />
            <source>At most {n} builds can be compared: untick one first.</source>
            <translation>Höchstens {n} Aufbauten lassen sich vergleichen: zuerst einen abwählen.</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="830" />
            <source>Builds</source>
            <translation>Aufbauten</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="859" />
            <source>Cancel Search</source>
            <translation>Suche abbrechen</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="831" />
            <source>Candidate builds, best first. Pick one and press Create Plan to open it as a new plan: room, racks, power, cooling and fabrics laid out, the workloads attached. Tick two to four and press Compare Ticked to see them side by side.</source>
            <translation>Mögliche Aufbauten, der beste zuerst. Einen wählen und „Plan erstellen“ drücken, um ihn als neuen Plan zu öffnen: Raum, Racks, Strom, Kühlung und Fabrics angelegt, die Arbeitslasten zugeordnet. Zwei bis vier ankreuzen und „Angekreuzte vergleichen“ drücken, um sie nebeneinander zu sehen.</translation>
        </message>
        <message numerus="yes">
            <location filename="../../ui/design/wizard.py" line="1236" />
            <source>Compare Ticked (%n)</source>
            <translation>
                <numerusform>Angekreuzte vergleichen (%n)</numerusform>
                <numerusform>Angekreuzte vergleichen (%n)</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="1272" />
            <source>Compared: {names}.</source>
            <translation>Verglichen: {names}.</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="1286" />
            <source>Comparison cancelled.</source>
            <translation>Vergleich abgebrochen.</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="920" />
            <source>Cooling</source>
            <translation>Kühlung</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="918" />
            <source>GPU</source>
            <translation>GPU</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="867" />
            <source>Generate the plans of the ticked builds (two to four) and show them side by side, as File &gt; Compare With... does</source>
            <translation>Die Pläne der angekreuzten Aufbauten (zwei bis vier) erzeugen und nebeneinander zeigen, wie Datei &gt; Vergleichen mit... es tut</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="1312" />
            <source>Generating the plan of build {k}…</source>
            <translation>Plan von Aufbau {k} wird erzeugt…</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="1253" />
            <source>Generating the plans of builds {list} to compare them…</source>
            <translation>Pläne der Aufbauten {list} werden für den Vergleich erzeugt…</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="1347" />
            <source>Generation cancelled.</source>
            <translation>Erzeugung abgebrochen.</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="1132" />
            <source>No build was found.</source>
            <translation>Es wurde kein Aufbau gefunden.</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="1131" />
            <source>No build was found: {why}</source>
            <translation>Es wurde kein Aufbau gefunden: {why}</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="1134" />
            <source>None of the {n} builds of this list is of that GPU model and cooling (and meets, if asked): change the filters or show all builds.</source>
            <translation>Keiner der {n} Aufbauten dieser Liste hat dieses GPU-Modell und diese Kühlung (und erfüllt, falls verlangt): Filter ändern oder alle Aufbauten zeigen.</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="905" />
            <source>Only builds that meet</source>
            <translation>Nur Aufbauten, die erfüllen</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="1335" />
            <source>Plan generated.</source>
            <translation>Plan erzeugt.</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="1008" />
            <source>Pricing the options from their plans: {build}</source>
            <translation>Optionen werden aus ihren Plänen bepreist: {build}</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="862" />
            <source>Search Again</source>
            <translation>Erneut suchen</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="1198" />
            <source>Search cancelled.</source>
            <translation>Suche abgebrochen.</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="1128" />
            <source>Search cancelled: the {n} builds ranked so far.</source>
            <translation>Suche abgebrochen: die bisher bewerteten {n} Aufbauten.</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="973" />
            <source>Searching builds…</source>
            <translation>Aufbauten werden gesucht…</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="1021" />
            <source>Show all {n} builds</source>
            <translation>Alle {n} Aufbauten zeigen</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="924" />
            <source>Sort by</source>
            <translation>Sortieren nach</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="1281" />
            <source>The builds could not be compared: {reason}</source>
            <translation>Die Aufbauten konnten nicht verglichen werden: {reason}</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="1342" />
            <source>The plan could not be generated: {reason}</source>
            <translation>Der Plan konnte nicht erzeugt werden: {reason}</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="1194" />
            <source>The search failed: {reason}</source>
            <translation>Die Suche ist fehlgeschlagen: {reason}</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="1148" />
            <source>{n} builds compared, {m} meet every target and limit. The {k} distinct options: per GPU model and cooling the best that meets, and about +25 % and +50 % margin.</source>
            <translation>{n} Aufbauten verglichen, {m} erfüllen jedes Ziel und jede Grenze. Die {k} unterschiedlichen Optionen: je GPU-Modell und Kühlung die beste, die erfüllt, und etwa +25 % und +50 % Reserve.</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="1138" />
            <source>{n} builds compared; none meets every target and limit.</source>
            <translation>{n} Aufbauten verglichen; keiner erfüllt jedes Ziel und jede Grenze.</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="1143" />
            <source>{shown} of the {k} distinct options shown ({n} builds compared, {m} meet every target and limit).</source>
            <translation>{shown} der {k} unterschiedlichen Optionen gezeigt ({n} Aufbauten verglichen, {m} erfüllen jedes Ziel und jede Grenze).</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="1140" />
            <source>{shown} of {n} builds shown, {m} of them meet every target and limit.</source>
            <translation>{shown} von {n} Aufbauten gezeigt, {m} davon erfüllen jedes Ziel und jede Grenze.</translation>
        </message>
    </context>
    <context>
        <name>CableList</name>
        <message>
            <location filename="../../ui/panels/cables.py" line="539" />
            <source>CSV (*.csv)</source>
            <translation>CSV (*.csv)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/cables.py" line="556" />
            <location filename="../../ui/panels/cables.py" line="565" />
            <source>Cannot export cables</source>
            <translation>Kabel können nicht exportiert werden</translation>
        </message>
        <message numerus="yes">
            <location filename="../../ui/panels/cables.py" line="529" />
            <source>Disconnect %n cable(s)</source>
            <translation>
                <numerusform>%n Kabel trennen</numerusform>
                <numerusform>%n Kabel trennen</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../ui/panels/cables.py" line="270" />
            <source>Export CSV…</source>
            <translation>CSV exportieren…</translation>
        </message>
        <message>
            <location filename="../../ui/panels/cables.py" line="539" />
            <source>Export cable schedule</source>
            <translation>Kabelplan exportieren</translation>
        </message>
        <message>
            <location filename="../../ui/panels/cables.py" line="276" />
            <source>Fabric:</source>
            <translation>Fabric:</translation>
        </message>
        <message>
            <location filename="../../ui/panels/cables.py" line="277" />
            <source>Media:</source>
            <translation>Medium:</translation>
        </message>
        <message>
            <location filename="../../ui/panels/cables.py" line="276" />
            <source>Rack:</source>
            <translation>Rack:</translation>
        </message>
        <message>
            <location filename="../../ui/panels/cables.py" line="265" />
            <source>Search device, port, label…</source>
            <translation>Gerät, Port, Beschriftung suchen…</translation>
        </message>
        <message>
            <location filename="../../ui/panels/cables.py" line="544" />
            <source>Writing {n} cables…</source>
            <translation>{n} Kabel werden geschrieben…</translation>
        </message>
        <message>
            <location filename="../../ui/panels/cables.py" line="549" />
            <location filename="../../ui/panels/cables.py" line="556" />
            <source>{file} could not be written.

{error}</source>
            <translation>{file} konnte nicht geschrieben werden.

{error}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/cables.py" line="473" />
            <source>{shown} of {total} cables</source>
            <translation>{shown} von {total} Kabeln</translation>
        </message>
        <message>
            <location filename="../../ui/panels/cables.py" line="474" />
            <source>{total} cables</source>
            <translation>{total} Kabel</translation>
        </message>
    </context>
    <context>
        <name>CableTable</name>
        <message numerus="yes">
            <location filename="../../ui/panels/cables.py" line="237" />
            <source>Disconnect %n cable(s)</source>
            <translation>
                <numerusform>%n Kabel trennen</numerusform>
                <numerusform>%n Kabel trennen</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>Cables</name>
        <message>
            <location filename="../../ui/panels/cables.py" line="448" />
            <source>All</source>
            <translation>Alle</translation>
        </message>
        <message>
            <location filename="../../ui/panels/cables.py" line="72" />
            <source>Fabric</source>
            <translation>Fabric</translation>
        </message>
        <message>
            <location filename="../../ui/panels/cables.py" line="73" />
            <source>From</source>
            <translation>Von</translation>
        </message>
        <message>
            <location filename="../../ui/panels/cables.py" line="77" />
            <source>Gb/s</source>
            <translation>Gb/s</translation>
        </message>
        <message>
            <location filename="../../ui/panels/cables.py" line="71" />
            <source>ID</source>
            <translation>ID</translation>
        </message>
        <message>
            <location filename="../../ui/panels/cables.py" line="79" />
            <source>Length</source>
            <translation>Länge</translation>
        </message>
        <message>
            <location filename="../../ui/panels/cables.py" line="78" />
            <source>Media</source>
            <translation>Medium</translation>
        </message>
        <message>
            <location filename="../../ui/panels/cables.py" line="74" />
            <source>Port</source>
            <translation>Port</translation>
        </message>
        <message>
            <location filename="../../ui/panels/cables.py" line="76" />
            <source>Port </source>
            <translation>Port </translation>
        </message>
        <message>
            <location filename="../../ui/panels/cables.py" line="75" />
            <source>To</source>
            <translation>Nach</translation>
        </message>
        <message>
            <location filename="../../ui/panels/cables.py" line="65" />
            <source>U{n}</source>
            <translation>HE {n}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/cables.py" line="215" />
            <source>{cable} with {transceiver} transceivers</source>
            <translation>{cable} mit Transceivern {transceiver}</translation>
        </message>
    </context>
    <context>
        <name>CatalogPanel</name>
        <message>
            <location filename="../../ui/panels/catalog.py" line="266" />
            <source>Add device, module and rack types from NetBox YAML files (the community device-type library) to your catalog</source>
            <translation>Geräte-, Modul- und Racktypen aus NetBox-YAML-Dateien (der Community-Gerätetypbibliothek) zum Katalog hinzufügen</translation>
        </message>
        <message>
            <location filename="../../ui/panels/catalog.py" line="274" />
            <source>Cancel Import</source>
            <translation>Import abbrechen</translation>
        </message>
        <message>
            <location filename="../../ui/panels/catalog.py" line="55" />
            <source>Device</source>
            <translation>Gerät</translation>
        </message>
        <message>
            <location filename="../../ui/panels/catalog.py" line="270" />
            <source>Files…</source>
            <translation>Dateien…</translation>
        </message>
        <message>
            <location filename="../../ui/panels/catalog.py" line="311" />
            <source>Filter by {what}</source>
            <translation>Nach {what} filtern</translation>
        </message>
        <message>
            <location filename="../../ui/panels/catalog.py" line="272" />
            <source>Folder…</source>
            <translation>Ordner…</translation>
        </message>
        <message>
            <location filename="../../ui/panels/catalog.py" line="236" />
            <source>GPU model</source>
            <translation>GPU-Modell</translation>
        </message>
        <message>
            <location filename="../../ui/panels/catalog.py" line="55" />
            <source>GPUs</source>
            <translation>GPUs</translation>
        </message>
        <message>
            <location filename="../../ui/panels/catalog.py" line="265" />
            <source>Import NetBox Device Types…</source>
            <translation>NetBox-Gerätetypen importieren…</translation>
        </message>
        <message>
            <location filename="../../ui/panels/catalog.py" line="352" />
            <source>Importing NetBox device types…</source>
            <translation>NetBox-Gerätetypen werden importiert…</translation>
        </message>
        <message>
            <location filename="../../ui/panels/catalog.py" line="362" />
            <source>Importing {file} ({percent} %)…</source>
            <translation>{file} wird importiert ({percent} %)…</translation>
        </message>
        <message>
            <location filename="../../ui/panels/catalog.py" line="235" />
            <source>Kind</source>
            <translation>Art</translation>
        </message>
        <message>
            <location filename="../../ui/panels/catalog.py" line="134" />
            <source>Needs data: {what}</source>
            <translation>Daten fehlen: {what}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/catalog.py" line="373" />
            <source>NetBox import</source>
            <translation>NetBox-Import</translation>
        </message>
        <message>
            <location filename="../../ui/panels/catalog.py" line="231" />
            <source>Search model, vendor, GPU...</source>
            <translation>Modell, Hersteller, GPU suchen …</translation>
        </message>
        <message>
            <location filename="../../ui/panels/catalog.py" line="373" />
            <source>The import stopped: {reason}</source>
            <translation>Der Import wurde angehalten: {reason}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/catalog.py" line="234" />
            <source>Vendor</source>
            <translation>Hersteller</translation>
        </message>
        <message>
            <location filename="../../ui/panels/catalog.py" line="144" />
            <source>maximum draw, kW (catalog)</source>
            <translation>maximale Aufnahme, kW (Katalog)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/catalog.py" line="130" />
            <source>needs data</source>
            <translation>Daten fehlen</translation>
        </message>
        <message>
            <location filename="../../ui/panels/catalog.py" line="145" />
            <source>no power draw in the catalog yet</source>
            <translation>noch keine Leistungsaufnahme im Katalog</translation>
        </message>
        <message>
            <location filename="../../ui/panels/catalog.py" line="63" />
            <source>other</source>
            <translation>sonstige</translation>
        </message>
        <message>
            <location filename="../../ui/panels/catalog.py" line="61" />
            <source>server</source>
            <translation>Server</translation>
        </message>
        <message>
            <location filename="../../ui/panels/catalog.py" line="61" />
            <source>storage</source>
            <translation>Speicher</translation>
        </message>
        <message>
            <location filename="../../ui/panels/catalog.py" line="62" />
            <source>switch</source>
            <translation>Switch</translation>
        </message>
        <message>
            <location filename="../../ui/panels/catalog.py" line="319" />
            <source>{shown} of {total} device types — drag into a rack</source>
            <translation>{shown} von {total} Gerätetypen — in ein Rack ziehen</translation>
        </message>
        <message>
            <location filename="../../ui/panels/catalog.py" line="308" />
            <source>{what}: Any</source>
            <translation>{what}: alle</translation>
        </message>
    </context>
    <context>
        <name>Charts</name>
        <message>
            <location filename="../../ui/panels/charts.py" line="247" />
            <source>Achieved vs target (100 %)</source>
            <translation>Erreicht vs. Ziel (100 %)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/charts.py" line="341" />
            <source>Heat</source>
            <translation>Wärmelast</translation>
        </message>
        <message>
            <location filename="../../ui/panels/charts.py" line="338" />
            <source>Power</source>
            <translation>Strom</translation>
        </message>
        <message>
            <location filename="../../ui/panels/charts.py" line="340" />
            <source>Rack heat (bars) vs. cooling (ticks)</source>
            <translation>Wärmelast je Rack (Balken) vs. Kühlung (Striche)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/charts.py" line="341" />
            <source>Rack heat vs. cooling</source>
            <translation>Rack-Wärmelast gegenüber Kühlung</translation>
        </message>
        <message>
            <location filename="../../ui/panels/charts.py" line="337" />
            <source>Rack power (bars) vs. limit (ticks)</source>
            <translation>Leistung je Rack (Balken) vs. Grenze (Striche)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/charts.py" line="338" />
            <source>Rack power vs. limit</source>
            <translation>Rack-Leistung gegenüber Grenze</translation>
        </message>
        <message>
            <location filename="../../ui/panels/charts.py" line="247" />
            <source>Workloads</source>
            <translation>Arbeitslasten</translation>
        </message>
        <message>
            <location filename="../../ui/panels/charts.py" line="246" />
            <source>Workloads: achieved vs target (100 %)</source>
            <translation>Arbeitslasten: erreicht vs. Ziel (100 %)</translation>
        </message>
    </context>
    <context>
        <name>ChartsPanel</name>
        <message>
            <location filename="../../ui/panels/charts.py" line="345" />
            <source>Cooling</source>
            <translation>Kühlung</translation>
        </message>
        <message>
            <location filename="../../ui/panels/charts.py" line="344" />
            <source>Power</source>
            <translation>Strom</translation>
        </message>
        <message>
            <location filename="../../ui/panels/charts.py" line="346" />
            <source>Workloads</source>
            <translation>Arbeitslasten</translation>
        </message>
    </context>
    <context>
        <name>CompareDialog</name>
        <message>
            <location filename="../../ui/dialogs/compare.py" line="97" />
            <source>&amp;Export Build Plan (PDF)…</source>
            <translation>Aufbauplan als PDF &amp;exportieren…</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/compare.py" line="182" />
            <source>A: {a} · B: {b}</source>
            <translation>A: {a} · B: {b}</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/compare.py" line="88" />
            <source>A: {name}. Choose a plan file to compare it with.</source>
            <translation>A: {name}. Wählen Sie eine Plandatei zum Vergleich.</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/compare.py" line="136" />
            <source>Build plan export cancelled; nothing was written</source>
            <translation>Export des Aufbauplans abgebrochen; nichts wurde geschrieben</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/compare.py" line="137" />
            <source>Build plan export failed</source>
            <translation>Export des Aufbauplans fehlgeschlagen</translation>
        </message>
        <message numerus="yes">
            <location filename="../../ui/dialogs/compare.py" line="258" />
            <source>Build plan written: {path} (%n page(s))</source>
            <translation>
                <numerusform>Aufbauplan geschrieben: {path} (%n Seite)</numerusform>
                <numerusform>Aufbauplan geschrieben: {path} (%n Seiten)</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/compare.py" line="188" />
            <source>Cannot compare with {path}: {error}</source>
            <translation>Vergleich mit {path} nicht möglich: {error}</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/compare.py" line="92" />
            <source>Choose &amp;File…</source>
            <translation>&amp;Datei wählen…</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/compare.py" line="77" />
            <source>Compare Builds</source>
            <translation>Aufbauten vergleichen</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/compare.py" line="77" />
            <source>Compare With</source>
            <translation>Vergleichen mit</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/compare.py" line="174" />
            <source>Comparing with {path}…</source>
            <translation>Vergleich mit {path} läuft…</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/compare.py" line="116" />
            <source>Figures from the engine for each plan; money in each plan's own currency. What differs is taken against A; lines where the plans agree are grey.</source>
            <translation>Kennzahlen aus der Engine für jeden Plan; Beträge in der Währung des jeweiligen Plans. Die Unterschiede gelten gegenüber A; Zeilen, in denen die Pläne übereinstimmen, sind grau.</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/compare.py" line="126" />
            <source>Figures from the engine for the plan each build writes (as Create Plan writes it). What differs is taken against A; lines where the builds agree are grey.</source>
            <translation>Kennzahlen aus der Engine für den Plan, den jeder Aufbau schreibt (so wie „Plan erstellen“ ihn schreibt). Die Unterschiede gelten gegenüber A; Zeilen, in denen die Aufbauten übereinstimmen, sind grau.</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/compare.py" line="99" />
            <source>The build plan of option A with a page comparing it with the other builds</source>
            <translation>Der Aufbauplan von Option A mit einer Seite, die ihn mit den anderen Aufbauten vergleicht</translation>
        </message>
    </context>
    <context>
        <name>ComparisonExporter</name>
        <message>
            <location filename="../../ui/exports/export.py" line="194" />
            <source>Cancel</source>
            <translation>Abbrechen</translation>
        </message>
        <message>
            <location filename="../../ui/exports/export.py" line="195" />
            <source>Cancelling…</source>
            <translation>Wird abgebrochen…</translation>
        </message>
        <message>
            <location filename="../../ui/exports/export.py" line="268" />
            <source>Cannot export build plan</source>
            <translation>Aufbauplan kann nicht exportiert werden</translation>
        </message>
        <message>
            <location filename="../../ui/exports/export.py" line="193" />
            <source>Export build plan</source>
            <translation>Aufbauplan exportieren</translation>
        </message>
        <message>
            <location filename="../../ui/exports/export.py" line="267" />
            <source>The build plan could not be made.

{error}</source>
            <translation>Der Aufbauplan konnte nicht erstellt werden.

{error}</translation>
        </message>
        <message>
            <location filename="../../ui/exports/export.py" line="258" />
            <source>Writing the build plan: {stage}…</source>
            <translation>Aufbauplan wird geschrieben: {stage}…</translation>
        </message>
        <message>
            <location filename="../../ui/exports/export.py" line="257" />
            <source>Writing the build plan…</source>
            <translation>Aufbauplan wird geschrieben…</translation>
        </message>
    </context>
    <context>
        <name>ConflictDialog</name>
        <message>
            <location filename="../../ui/dialogs/repository.py" line="348" />
            <source>Both changed:</source>
            <translation>Beide geändert:</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/repository.py" line="357" />
            <source>Merge, Keeping Mine Where Both Changed</source>
            <translation>Zusammenführen, bei Konflikten meine Änderung behalten</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/repository.py" line="336" />
            <source>Plan changed in the repository</source>
            <translation>Plan im Repository geändert</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/repository.py" line="359" />
            <source>Save as New Plan…</source>
            <translation>Als neuen Plan speichern…</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/repository.py" line="340" />
            <source>Someone else saved revision {head} of “{name}” after the revision this copy is based on ({base}), and some changes collide. Nothing was saved yet.</source>
            <translation>Jemand hat Revision {head} von „{name}“ nach der Revision gespeichert, auf der diese Kopie beruht ({base}), und einige Änderungen überschneiden sich. Es wurde noch nichts gespeichert.</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/repository.py" line="350" />
            <source>Their changes ({summary}):</source>
            <translation>Deren Änderungen ({summary}):</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/repository.py" line="353" />
            <source>Your changes ({summary}):</source>
            <translation>Ihre Änderungen ({summary}):</translation>
        </message>
    </context>
    <context>
        <name>ConnectDialog</name>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="609" />
            <source>Automatic (by port kind)</source>
            <translation>Automatisch (nach Portart)</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="665" />
            <source>Choose a port at each end</source>
            <translation>An jedem Ende einen Port wählen</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="601" />
            <location filename="../../ui/dialogs/wiring.py" line="642" />
            <source>Connect</source>
            <translation>Verbinden</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="636" />
            <source>Device:</source>
            <translation>Gerät:</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="640" />
            <source>Fabric:</source>
            <translation>Fabric:</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="637" />
            <source>Port:</source>
            <translation>Port:</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="638" />
            <source>To device:</source>
            <translation>Zu Gerät:</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="639" />
            <source>To port:</source>
            <translation>Zu Port:</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="659" />
            <source>{port}  (in use)</source>
            <translation>{port}  (belegt)</translation>
        </message>
    </context>
    <context>
        <name>Controllers</name>
        <message>
            <location filename="../../ui/shell/controllers.py" line="96" />
            <source>
Field: {field}</source>
            <translation>
Feld: {field}</translation>
        </message>
        <message>
            <location filename="../../ui/shell/controllers.py" line="97" />
            <source> (line {line})</source>
            <translation> (Zeile {line})</translation>
        </message>
        <message>
            <location filename="../../ui/shell/controllers.py" line="93" />
            <source>Cannot open plan</source>
            <translation>Plan kann nicht geöffnet werden</translation>
        </message>
        <message>
            <location filename="../../ui/shell/controllers.py" line="103" />
            <location filename="../../ui/shell/controllers.py" line="107" />
            <source>{file} could not be opened.

{error}</source>
            <translation>{file} konnte nicht geöffnet werden.

{error}</translation>
        </message>
        <message>
            <location filename="../../ui/shell/controllers.py" line="99" />
            <source>{file}{line} could not be opened.{where}

{message}</source>
            <translation>{file}{line} konnte nicht geöffnet werden.{where}

{message}</translation>
        </message>
    </context>
    <context>
        <name>CoolingLoops</name>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="92" />
            <source>CDU catalog</source>
            <translation>CDU-Katalog</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="92" />
            <source>design value</source>
            <translation>Auslegungswert</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="74" />
            <source>facility water, {kw} kW, {s}/{r} °C</source>
            <translation>Gebäudewasser, {kw} kW, {s}/{r} °C</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="93" />
            <source>from capacity and ΔT</source>
            <translation>aus Kapazität und ΔT</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="77" />
            <source>in-row, {n} × {cdu}, {s}/{r} °C</source>
            <translation>In-Row, {n} × {cdu}, {s}/{r} °C</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="94" />
            <source>unknown</source>
            <translation>unbekannt</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="95" />
            <source>{load} kW of {cap} kW ({pct} %), {racks} rack(s)
flow {flow} L/min of {rated} L/min rated ({basis})</source>
            <translation>{load} kW von {cap} kW ({pct} %), {racks} Rack(s)
Durchfluss {flow} L/min von {rated} L/min Nenndurchfluss ({basis})</translation>
        </message>
    </context>
    <context>
        <name>CoolingLoopsDialog</name>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="378" />
            <location filename="../../ui/dialogs/cooling_loops.py" line="470" />
            <source>Assign selected racks</source>
            <translation>Gewählte Racks zuordnen</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="390" />
            <location filename="../../ui/dialogs/cooling_loops.py" line="469" />
            <source>Assign selected racks ({n})</source>
            <translation>Gewählte Racks zuordnen ({n})</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="352" />
            <source>Capacity</source>
            <translation>Kapazität</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="400" />
            <source>Close</source>
            <translation>Schließen</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="346" />
            <source>Cooling loops</source>
            <translation>Kühlkreisläufe</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="391" />
            <source>Delete</source>
            <translation>Löschen</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="368" />
            <source>Edit…</source>
            <translation>Bearbeiten…</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="352" />
            <source>Flow</source>
            <translation>Durchfluss</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="351" />
            <source>Kind</source>
            <translation>Art</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="352" />
            <source>Load</source>
            <translation>Last</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="351" />
            <source>Name</source>
            <translation>Name</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="366" />
            <source>New facility water loop…</source>
            <translation>Neuer Gebäudewasser-Kreislauf…</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="364" />
            <source>New in-row CDU loop…</source>
            <translation>Neuer In-Row-CDU-Kreislauf…</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="380" />
            <source>Put the racks selected in the plan on this loop (one undo step). Racks on air become direct liquid on a CDU loop, rear doors on facility water. The arrow picks racks without selecting them in the plan.</source>
            <translation>Die im Plan gewählten Racks an diesen Kreislauf hängen (ein Rückgängig-Schritt). Luftgekühlte Racks werden an einem CDU-Kreislauf zu direkter Flüssigkeitskühlung, an Gebäudewasser zu Rückkühltüren. Der Pfeil wählt Racks, ohne sie im Plan auszuwählen.</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="353" />
            <source>Racks</source>
            <translation>Racks</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="351" />
            <source>Supply/return</source>
            <translation>Vorlauf/Rücklauf</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="514" />
            <source>The selected racks are already on this loop.</source>
            <translation>Die gewählten Racks hängen bereits an diesem Kreislauf.</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="393" />
            <source>Unassign racks and delete</source>
            <translation>Racks lösen und löschen</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="439" />
            <source>facility water</source>
            <translation>Gebäudewasser</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="440" />
            <source>in-row, {n} × {cdu}</source>
            <translation>In-Row, {n} × {cdu}</translation>
        </message>
    </context>
    <context>
        <name>CsvOptionsDialog</name>
        <message>
            <location filename="../../ui/dialogs/table_export.py" line="53" />
            <source>Choose folder…</source>
            <translation>Ordner wählen…</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/table_export.py" line="41" />
            <source>Comma between fields, decimal point (English Excel)</source>
            <translation>Komma zwischen Feldern, Dezimalpunkt (englisches Excel)</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/table_export.py" line="37" />
            <source>Export tables (CSV)</source>
            <translation>Tabellen exportieren (CSV)</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/table_export.py" line="50" />
            <source>Format</source>
            <translation>Format</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/table_export.py" line="45" />
            <source>One file per table (BOM, cables, racks, power sources, power feeds, PDUs, workloads) in the folder you choose next, UTF-8 with a byte-order mark. Files of the same names there are replaced.</source>
            <translation>Eine Datei pro Tabelle (Stückliste, Kabel, Racks, Stromquellen, Einspeisungen, PDUs, Arbeitslasten) im als Nächstes gewählten Ordner, UTF-8 mit Byte-Order-Mark. Gleichnamige Dateien dort werden ersetzt.</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/table_export.py" line="42" />
            <source>Semicolon between fields, decimal comma (German Excel)</source>
            <translation>Semikolon zwischen Feldern, Dezimalkomma (deutsches Excel)</translation>
        </message>
    </context>
    <context>
        <name>Dialogs</name>
        <message>
            <location filename="../../ui/dialogs/__init__.py" line="76" />
            <source>Choose the customer's logo</source>
            <translation>Logo des Kunden wählen</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/__init__.py" line="146" />
            <source>Delete Room</source>
            <translation>Raum löschen</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/__init__.py" line="142" />
            <source>Delete room</source>
            <translation>Raum löschen</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/__init__.py" line="143" />
            <source>Delete {room} with everything in it?</source>
            <translation>{room} mit allem Inhalt löschen?</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/__init__.py" line="189" />
            <source>Discard This Copy</source>
            <translation>Diese Kopie verwerfen</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/__init__.py" line="77" />
            <source>Images (*.png *.jpg *.jpeg);;All files (*)</source>
            <translation>Bilder (*.png *.jpg *.jpeg);;Alle Dateien (*)</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/__init__.py" line="236" />
            <source>Import NetBox device types</source>
            <translation>NetBox-Gerätetypen importieren</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/__init__.py" line="246" />
            <source>Import a folder of NetBox device types</source>
            <translation>Einen Ordner mit NetBox-Gerätetypen importieren</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/__init__.py" line="66" />
            <source>Import price list</source>
            <translation>Preisliste importieren</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/__init__.py" line="190" />
            <source>Later</source>
            <translation>Später</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/__init__.py" line="228" />
            <source>NetBox YAML (*.yaml *.yml);;All files (*)</source>
            <translation>NetBox-YAML (*.yaml *.yml);;Alle Dateien (*)</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/__init__.py" line="273" />
            <source>New from NetBox Site</source>
            <translation>Neu aus NetBox-Standort</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/__init__.py" line="56" />
            <source>Open plan</source>
            <translation>Plan öffnen</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/__init__.py" line="323" />
            <source>Password</source>
            <translation>Passwort</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/__init__.py" line="323" />
            <source>Password for {where}:</source>
            <translation>Passwort für {where}:</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/__init__.py" line="167" />
            <source>Plan already open</source>
            <translation>Plan bereits geöffnet</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/__init__.py" line="67" />
            <source>Price lists (*.xlsx *.csv);;Excel workbook (*.xlsx);;CSV, UTF-8 (*.csv);;All files (*)</source>
            <translation>Preislisten (*.xlsx *.csv);;Excel-Arbeitsmappe (*.xlsx);;CSV, UTF-8 (*.csv);;Alle Dateien (*)</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/__init__.py" line="182" />
            <source>Rackwright did not close properly. These plans were autosaved:</source>
            <translation>Rackwright wurde nicht ordnungsgemäß beendet. Diese Pläne wurden automatisch gesichert:</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/__init__.py" line="25" />
            <source>Rackwright plans (*.json *.rackplan);;JSON plan (*.json);;Project file (*.rackplan);;All files (*)</source>
            <translation>Rackwright-Pläne (*.json *.rackplan);;JSON-Plan (*.json);;Projektdatei (*.rackplan);;Alle Dateien (*)</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/__init__.py" line="188" />
            <source>Recover</source>
            <translation>Wiederherstellen</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/__init__.py" line="180" />
            <source>Recover unsaved work</source>
            <translation>Ungesicherte Arbeit wiederherstellen</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/__init__.py" line="144" />
            <source>Rows: {rows}, racks: {racks}, devices: {devices}, links: {links}.
Edit &gt; Undo brings them all back.</source>
            <translation>Reihen: {rows}, Racks: {racks}, Geräte: {devices}, Verbindungen: {links}.
Bearbeiten &gt; Rückgängig holt alles zurück.</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/__init__.py" line="82" />
            <source>Save plan as</source>
            <translation>Plan speichern unter</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/__init__.py" line="45" />
            <source>Save the changes to {name}?</source>
            <translation>Änderungen an {name} speichern?</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/__init__.py" line="44" />
            <source>Unsaved changes</source>
            <translation>Ungespeicherte Änderungen</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/__init__.py" line="46" />
            <source>Your changes will be lost if you don't save them.</source>
            <translation>Ihre Änderungen gehen verloren, wenn Sie sie nicht speichern.</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/__init__.py" line="277" />
            <source>{n} line(s) were left out; Show Details lists them by file and line.</source>
            <translation>{n} Zeile(n) ausgelassen; „Details anzeigen“ listet sie nach Datei und Zeile.</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/__init__.py" line="168" />
            <source>{reason}.

Opening it here too means two people may save over each other's work. Open {name} anyway?</source>
            <translation>{reason}.

Wird er hier ebenfalls geöffnet, können zwei Personen gegenseitig ihre Arbeit überschreiben. {name} trotzdem öffnen?</translation>
        </message>
    </context>
    <context>
        <name>Document</name>
        <message>
            <location filename="../../ui/document.py" line="373" />
            <source>Engine error: {error}</source>
            <translation>Fehler der Berechnung: {error}</translation>
        </message>
        <message>
            <location filename="../../ui/document.py" line="276" />
            <source>Untitled</source>
            <translation>Unbenannt</translation>
        </message>
    </context>
    <context>
        <name>EditController</name>
        <message>
            <location filename="../../ui/shell/controllers.py" line="473" />
            <source>Duplicate rack</source>
            <translation>Rack duplizieren</translation>
        </message>
        <message>
            <location filename="../../ui/shell/controllers.py" line="436" />
            <source>Nothing to paste: copy racks or devices first</source>
            <translation>Nichts einzufügen: zuerst Racks oder Geräte kopieren</translation>
        </message>
        <message>
            <location filename="../../ui/shell/controllers.py" line="474" />
            <source>Number of copies of {rack}:</source>
            <translation>Anzahl der Kopien von {rack}:</translation>
        </message>
        <message>
            <location filename="../../ui/shell/controllers.py" line="470" />
            <source>Select a rack to duplicate</source>
            <translation>Ein Rack zum Duplizieren auswählen</translation>
        </message>
        <message>
            <location filename="../../ui/shell/controllers.py" line="443" />
            <source>The clipboard does not hold Rackwright items ({error})</source>
            <translation>Die Zwischenablage enthält keine Rackwright-Objekte ({error})</translation>
        </message>
    </context>
    <context>
        <name>EngineLabels</name>
        <message>
            <location filename="../../ui/settings.py" line="303" />
            <source>Air with containment, rack limit (kW)</source>
            <translation>Luft mit Einhausung, Rack-Grenze (kW)</translation>
        </message>
        <message>
            <location filename="../../ui/settings.py" line="302" />
            <source>Air-cooled rack limit (kW)</source>
            <translation>Grenze luftgekühltes Rack (kW)</translation>
        </message>
        <message>
            <location filename="../../ui/settings.py" line="294" />
            <source>Breaker continuous-load derating (fraction)</source>
            <translation>Derating der Sicherung bei Dauerlast (Anteil)</translation>
        </message>
        <message>
            <location filename="../../ui/settings.py" line="310" />
            <source>CDU sizing margin (×)</source>
            <translation>CDU-Auslegungsreserve (×)</translation>
        </message>
        <message>
            <location filename="../../ui/settings.py" line="308" />
            <source>Cooling warning at (fraction of capacity)</source>
            <translation>Kühlungswarnung ab (Anteil der Kapazität)</translation>
        </message>
        <message>
            <location filename="../../ui/settings.py" line="311" />
            <source>Default cable length (m)</source>
            <translation>Standard-Kabellänge (m)</translation>
        </message>
        <message>
            <location filename="../../ui/settings.py" line="301" />
            <source>Default power cords per device</source>
            <translation>Standardanzahl Netzkabel pro Gerät</translation>
        </message>
        <message>
            <location filename="../../ui/settings.py" line="296" />
            <source>Default power factor</source>
            <translation>Standard-Leistungsfaktor</translation>
        </message>
        <message>
            <location filename="../../ui/settings.py" line="305" />
            <source>Direct liquid cooling, rack limit (kW)</source>
            <translation>Direkte Flüssigkeitskühlung, Rack-Grenze (kW)</translation>
        </message>
        <message>
            <location filename="../../ui/settings.py" line="297" />
            <source>Feed / phase warning at (fraction of capacity)</source>
            <translation>Warnung Einspeisung / Phase ab (Anteil der Kapazität)</translation>
        </message>
        <message>
            <location filename="../../ui/settings.py" line="306" />
            <source>Immersion tank, default capacity (kW)</source>
            <translation>Immersionstank, Standardkapazität (kW)</translation>
        </message>
        <message>
            <location filename="../../ui/settings.py" line="307" />
            <source>Liquid-cooled rack, heat to room air (kW)</source>
            <translation>Flüssigkeitsgekühltes Rack, Wärme an Raumluft (kW)</translation>
        </message>
        <message>
            <location filename="../../ui/settings.py" line="295" />
            <source>Load basis for capacity checks</source>
            <translation>Lastbasis für Kapazitätsprüfungen</translation>
        </message>
        <message>
            <location filename="../../ui/settings.py" line="312" />
            <source>Minimum CPU cores per GPU</source>
            <translation>Mindestanzahl CPU-Kerne pro GPU</translation>
        </message>
        <message>
            <location filename="../../ui/settings.py" line="314" />
            <source>Minimum compute fabric per GPU (Gb/s)</source>
            <translation>Mindest-Compute-Fabric pro GPU (Gb/s)</translation>
        </message>
        <message>
            <location filename="../../ui/settings.py" line="315" />
            <source>Minimum storage read per GPU (GB/s)</source>
            <translation>Mindest-Speicherlesen pro GPU (GB/s)</translation>
        </message>
        <message>
            <location filename="../../ui/settings.py" line="313" />
            <source>Minimum system RAM / GPU memory (×)</source>
            <translation>Mindestverhältnis System-RAM / GPU-Speicher (×)</translation>
        </message>
        <message>
            <location filename="../../ui/settings.py" line="299" />
            <source>Phase imbalance checked above (fraction of derated current)</source>
            <translation>Phasenschieflast geprüft ab (Anteil am reduzierten Nennstrom)</translation>
        </message>
        <message>
            <location filename="../../ui/settings.py" line="298" />
            <source>Phase imbalance warning (%)</source>
            <translation>Warnung bei Unsymmetrie (%)</translation>
        </message>
        <message>
            <location filename="../../ui/settings.py" line="304" />
            <source>Rear-door HX, default capacity (kW)</source>
            <translation>Rückkühltür, Standardkapazität (kW)</translation>
        </message>
        <message>
            <location filename="../../ui/settings.py" line="309" />
            <source>Server air temperature rise ΔT (K)</source>
            <translation>Temperaturanstieg der Serverluft ΔT (K)</translation>
        </message>
        <message>
            <location filename="../../ui/settings.py" line="317" />
            <source>Stranded headroom threshold (kW)</source>
            <translation>Schwelle für ungenutzte Reserve (kW)</translation>
        </message>
        <message>
            <location filename="../../ui/settings.py" line="316" />
            <source>Workload margin warning (fraction)</source>
            <translation>Warnung beim Spielraum einer Arbeitslast (Anteil)</translation>
        </message>
    </context>
    <context>
        <name>Export</name>
        <message>
            <location filename="../../ui/exports/export.py" line="53" />
            <source>Export build plan (PDF)</source>
            <translation>Aufbauplan exportieren (PDF)</translation>
        </message>
        <message>
            <location filename="../../ui/exports/export.py" line="48" />
            <source>PDF documents (*.pdf);;All files (*)</source>
            <translation>PDF-Dokumente (*.pdf);;Alle Dateien (*)</translation>
        </message>
    </context>
    <context>
        <name>ExportOptions</name>
        <message>
            <location filename="../../ui/dialogs/export_options.py" line="40" />
            <source>A4 (297 × 210 mm), landscape</source>
            <translation>A4 (297 × 210 mm), Querformat</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/export_options.py" line="41" />
            <source>US Letter (11 × 8.5 in), landscape</source>
            <translation>US Letter (11 × 8,5 in), Querformat</translation>
        </message>
    </context>
    <context>
        <name>ExportOptionsDialog</name>
        <message>
            <location filename="../../ui/dialogs/export_options.py" line="150" />
            <source>Add Plan File…</source>
            <translation>Plandatei hinzufügen…</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/export_options.py" line="137" />
            <source>Add a page comparing this build (A) with the others</source>
            <translation>Eine Seite beifügen, die diesen Aufbau (A) mit den anderen vergleicht</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/export_options.py" line="135" />
            <source>Add a page comparing this plan (A) with other plans</source>
            <translation>Eine Seite beifügen, die diesen Plan (A) mit anderen Plänen vergleicht</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/export_options.py" line="219" />
            <source>Add a plan file to compare with, or untick the comparison page.</source>
            <translation>Eine Plandatei zum Vergleich hinzufügen oder die Vergleichsseite abwählen.</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/export_options.py" line="90" />
            <source>All</source>
            <translation>Alle</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/export_options.py" line="104" />
            <source>Append the internal checklist (not for the customer)</source>
            <translation>Interne Checkliste beilegen (nicht für den Kunden)</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/export_options.py" line="51" />
            <source>Bill of materials with prices, price basis and the capex total</source>
            <translation>Stückliste mit Preisen, Preisbasis und Summe der Investitionskosten</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/export_options.py" line="55" />
            <source>Cable labels, one per cable end, on Avery L7651 (A4) or 5167 (Letter) label sheets: print at actual size</source>
            <translation>Kabeletiketten, eines je Kabelende, auf Etikettenbögen Avery L7651 (A4) oder 5167 (Letter): in Originalgröße drucken</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/export_options.py" line="218" />
            <source>Choose at least one section.</source>
            <translation>Mindestens einen Abschnitt wählen.</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/export_options.py" line="183" />
            <source>Choose file…</source>
            <translation>Datei wählen…</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/export_options.py" line="132" />
            <source>Comparison page</source>
            <translation>Vergleichsseite</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/export_options.py" line="47" />
            <source>Each room to scale: rows, racks, aisles, dimensions</source>
            <translation>Jeder Raum maßstäblich: Reihen, Racks, Gänge, Maße</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/export_options.py" line="74" />
            <source>Export build plan</source>
            <translation>Aufbauplan exportieren</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/export_options.py" line="49" />
            <source>Feeds, rack PDUs and racks: capacity, failover, phase currents</source>
            <translation>Einspeisungen, Rack-PDUs und Racks: Kapazität, Ausfall, Phasenströme</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/export_options.py" line="48" />
            <source>Front and rear elevation of every rack with its figures and device list</source>
            <translation>Rackansicht vorne und hinten für jedes Rack mit seinen Werten und der Geräteliste</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/export_options.py" line="50" />
            <source>Heat, airflow and liquid flow per rack and CDU loop</source>
            <translation>Wärmelast, Luftmenge und Durchfluss pro Rack und CDU-Kreislauf</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/export_options.py" line="117" />
            <source>Imperial (lb, ft, BTU/h, CFM, gpm) — change in File &gt; Settings</source>
            <translation>Angloamerikanisch (lb, ft, BTU/h, CFM, gpm) — ändern unter Datei &gt; Einstellungen</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/export_options.py" line="119" />
            <source>Metric (kg, m, kW, m³/h, L/min) — change in File &gt; Settings</source>
            <translation>Metrisch (kg, m, kW, m³/h, L/min) — ändern unter Datei &gt; Einstellungen</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/export_options.py" line="90" />
            <source>None</source>
            <translation>Keine</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/export_options.py" line="52" />
            <source>Owning against renting the GPUs: cost per year, break-even and the cumulative cost chart</source>
            <translation>Kaufen gegenüber Mieten der GPUs: Kosten pro Jahr, Amortisation und das Diagramm der kumulierten Kosten</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/export_options.py" line="122" />
            <source>Paper</source>
            <translation>Papier</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/export_options.py" line="54" />
            <source>Per rack, the cables to pull, grouped by destination, with lengths and media (a page per rack)</source>
            <translation>Je Rack die zu ziehenden Kabel, nach Ziel gruppiert, mit Längen und Medien (eine Seite je Rack)</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/export_options.py" line="106" />
            <source>Prices to get, internal notes, estimates to confirm and findings to clear, for the planner; off each time this dialog opens</source>
            <translation>Einzuholende Preise, interne Notizen, zu bestätigende Schätzungen und zu klärende Befunde, für die Planung; bei jedem Öffnen dieses Dialogs aus</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/export_options.py" line="45" />
            <source>Project, document control, headline figures, verdict and the sign-off table</source>
            <translation>Projekt, Dokumentenlenkung, Kennzahlen, Ergebnis und die Freigabetabelle</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/export_options.py" line="153" />
            <source>Remove</source>
            <translation>Entfernen</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/export_options.py" line="78" />
            <source>Sections</source>
            <translation>Abschnitte</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/export_options.py" line="100" />
            <source>Table of contents after the cover (page numbers, links)</source>
            <translation>Inhaltsverzeichnis nach dem Deckblatt (Seitenzahlen, Links)</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/export_options.py" line="163" />
            <source>The builds compared in the wizard; A is the build whose plan this is.</source>
            <translation>Die im Assistenten verglichenen Aufbauten; A ist der Aufbau, dessen Plan dies ist.</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/export_options.py" line="46" />
            <source>The customer's request, each workload target and limit as stated, the result and margin against each line: what the approvals sign against</source>
            <translation>Die Anfrage des Kunden, jedes Arbeitslast-Ziel und jede Grenze wie gestellt, mit Ergebnis und Spielraum je Zeile: wogegen die Freigaben unterzeichnen</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/export_options.py" line="53" />
            <source>Totals by media, in-rack NVLink counted per rack, and the cable schedule</source>
            <translation>Summen nach Medium, NVLink im Rack je Rack gezählt, und der Kabelplan</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/export_options.py" line="123" />
            <source>Units</source>
            <translation>Einheiten</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/export_options.py" line="165" />
            <source>Up to {n} other plan files (.json or .rackplan), B, C and D, each computed as it is opened; the page stands before the floor plan.</source>
            <translation>Bis zu {n} weitere Plandateien (.json oder .rackplan), B, C und D, jede so berechnet, wie sie geöffnet wird; die Seite steht vor dem Raumplan.</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/export_options.py" line="56" />
            <source>Workload verdicts and every error and warning</source>
            <translation>Arbeitslast-Ergebnisse und jeder Fehler und jede Warnung</translation>
        </message>
    </context>
    <context>
        <name>FabricScene</name>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="79" />
            <source>Compute
trays</source>
            <translation>Compute-
Trays</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="78" />
            <source>Cores</source>
            <translation>Cores</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="93" />
            <source>ERROR</source>
            <translation>FEHLER</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="95" />
            <source>INFO</source>
            <translation>INFO</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="77" />
            <source>Leaves</source>
            <translation>Leaves</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="241" />
            <source>NVLink spine · {links}</source>
            <translation>NVLink-Spine · {links}</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="77" />
            <source>Nodes</source>
            <translation>Knoten</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="80" />
            <source>Other</source>
            <translation>Sonstige</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="78" />
            <source>Spines</source>
            <translation>Spines</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="80" />
            <source>Switch
trays</source>
            <translation>Switch-
Trays</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="176" />
            <source>Tier {n}</source>
            <translation>Ebene {n}</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="94" />
            <source>WARNING</source>
            <translation>WARNUNG</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="92" />
            <source>core</source>
            <translation>Core</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="91" />
            <source>leaf</source>
            <translation>Leaf</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="91" />
            <source>spine</source>
            <translation>Spine</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="206" />
            <source>{down} down, {up} up</source>
            <translation>{down} abwärts, {up} aufwärts</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="288" />
            <source>{down}↓ {up}↑ links</source>
            <translation>{down}↓ {up}↑ Links</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="254" />
            <source>{links} from {tray}</source>
            <translation>{links} von {tray}</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="247" />
            <source>{links} through the rack's NVLink spine: every GPU to every switch chip</source>
            <translation>{links} über die NVLink-Spine des Racks: jede GPU an jeden Switch-Chip</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="269" />
            <source>{links}: {a} – {b}</source>
            <translation>{links}: {a} – {b}</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="89" />
            <source>{n} GPU</source>
            <translation>{n} GPU</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="89" />
            <source>{n} GPUs</source>
            <translation>{n} GPUs</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="85" />
            <source>{n} core</source>
            <translation>{n} Core</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="85" />
            <source>{n} cores</source>
            <translation>{n} Cores</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="87" />
            <source>{n} device</source>
            <translation>{n} Gerät</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="87" />
            <source>{n} devices</source>
            <translation>{n} Geräte</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="83" />
            <source>{n} leaf</source>
            <translation>{n} Leaf</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="83" />
            <source>{n} leaves</source>
            <translation>{n} Leaves</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="88" />
            <source>{n} link</source>
            <translation>{n} Link</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="88" />
            <source>{n} links</source>
            <translation>{n} Links</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="82" />
            <source>{n} node</source>
            <translation>{n} Knoten</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="82" />
            <source>{n} nodes</source>
            <translation>{n} Knoten</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="84" />
            <source>{n} spine</source>
            <translation>{n} Spine</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="84" />
            <source>{n} spines</source>
            <translation>{n} Spines</translation>
        </message>
    </context>
    <context>
        <name>FabricView</name>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="633" />
            <source>1 switch between the farthest servers</source>
            <translation>1 Switch zwischen den entferntesten Servern</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="632" />
            <source>Bisection</source>
            <translation>Bisektionsbandbreite</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="637" />
            <location filename="../../ui/scenes/fabric.py" line="692" />
            <source>Cables</source>
            <translation>Kabel</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="691" />
            <source>Complete</source>
            <translation>Vollständig</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="684" />
            <source>Domain</source>
            <translation>Domäne</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="387" />
            <source>Fabric:</source>
            <translation>Fabric:</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="633" />
            <source>Hops</source>
            <translation>Hops</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="687" />
            <source>Links per GPU</source>
            <translation>Links je GPU</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="467" />
            <source>NVLink</source>
            <translation>NVLink</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="673" />
            <source>NVLink domain ({model}) · {gpus} of {design} GPUs · {compute} compute trays, {trays} switch trays · {links} · INCOMPLETE</source>
            <translation>NVLink-Domäne ({model}) · {gpus} von {design} GPUs · {compute} Compute-Trays, {trays} Switch-Trays · {links} · UNVOLLSTÄNDIG</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="671" />
            <source>NVLink domain ({model}) · {gpus} of {design} GPUs · {compute} compute trays, {trays} switch trays · {links} · complete</source>
            <translation>NVLink-Domäne ({model}) · {gpus} von {design} GPUs · {compute} Compute-Trays, {trays} Switch-Trays · {links} · vollständig</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="391" />
            <source>Name, kind, speed and oversubscription target of this fabric, in the Inspector</source>
            <translation>Name, Art, Geschwindigkeit und Überbuchungsziel dieser Fabric, im Inspektor</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="602" />
            <source>No fabric in this plan: Plan › Auto-wire fabric… builds one</source>
            <translation>Keine Fabric in diesem Plan: Plan › Fabric automatisch verkabeln… legt eine an</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="661" />
            <source>No findings on this fabric</source>
            <translation>Keine Befunde in dieser Fabric</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="628" />
            <source>Oversubscription</source>
            <translation>Überbuchung</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="685" />
            <source>Per-GPU NVLink</source>
            <translation>NVLink je GPU</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="624" />
            <source>Per-GPU bandwidth</source>
            <translation>Bandbreite je GPU</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="639" />
            <location filename="../../ui/scenes/fabric.py" line="695" />
            <source>Power</source>
            <translation>Strom</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="389" />
            <source>Properties…</source>
            <translation>Eigenschaften…</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="636" />
            <source>Switch ports</source>
            <translation>Switch-Ports</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="688" />
            <source>Switch trays</source>
            <translation>Switch-Trays</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="635" />
            <source>Switches</source>
            <translation>Switches</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="690" />
            <source>Unwired NVLink ports</source>
            <translation>Unverkabelte NVLink-Ports</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="641" />
            <source>Unwired ports</source>
            <translation>Unverkabelte Ports</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="466" />
            <source>compute</source>
            <translation>Rechenleistung</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="466" />
            <source>front-end</source>
            <translation>Frontend</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="467" />
            <source>management</source>
            <translation>Management</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="691" />
            <source>no</source>
            <translation>nein</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="627" />
            <source>no GPU servers on this fabric</source>
            <translation>keine GPU-Server in dieser Fabric</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="615" />
            <source>no switches</source>
            <translation>keine Switches</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="466" />
            <source>storage</source>
            <translation>Speicher</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="695" />
            <source>switch trays {kw} kW max</source>
            <translation>Switch-Trays max. {kw} kW</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="639" />
            <source>switches {switches} kW max, optics {optics} kW</source>
            <translation>Switches max. {switches} kW, Optiken {optics} kW</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="691" />
            <source>yes</source>
            <translation>ja</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="468" />
            <source>{fabric} ({kind})</source>
            <translation>{fabric} ({kind})</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="678" />
            <source>{gpus} GPUs of the {design}-GPU design</source>
            <translation>{gpus} GPUs des Designs mit {design} GPUs</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="682" />
            <source>{gpus} GPUs of the {design}-GPU design, {extra} too many</source>
            <translation>{gpus} GPUs des Designs mit {design} GPUs, {extra} zu viele</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="680" />
            <source>{gpus} GPUs of the {design}-GPU design, {missing} missing</source>
            <translation>{gpus} GPUs des Designs mit {design} GPUs, {missing} fehlen</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="625" />
            <source>{injection} Gb/s injection, {effective} Gb/s effective</source>
            <translation>{injection} Gb/s Injektion, {effective} Gb/s effektiv</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="692" />
            <source>{links} spine links, {length}, {mass}</source>
            <translation>{links} Spine-Links, {length}, {mass}</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="634" />
            <source>{n} switches between the farthest servers</source>
            <translation>{n} Switches zwischen den entferntesten Servern</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="688" />
            <source>{present} present / {required} required</source>
            <translation>{present} vorhanden / {required} benötigt</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="630" />
            <source>{ratio}:1 (target {target}:1)</source>
            <translation>{ratio}:1 (Ziel {target}:1)</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="629" />
            <source>{ratio}:1 (target {target}:1) — {tiers}</source>
            <translation>{ratio}:1 (Ziel {target}:1) — {tiers}</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="632" />
            <source>{tbps} Tb/s (one direction)</source>
            <translation>{tbps} Tb/s (eine Richtung)</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="612" />
            <source>{tech}, {speed} Gb/s · {devices} devices, {gpus} GPUs · {tiers} · {links} links</source>
            <translation>{tech}, {speed} Gb/s · {devices} Geräte, {gpus} GPUs · {tiers} · {links} Verbindungen</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="604" />
            <source>{tech}, {speed} Gb/s — waiting for results</source>
            <translation>{tech}, {speed} Gb/s — warte auf Ergebnisse</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="621" />
            <source>{used} of {total} used</source>
            <translation>{used} von {total} belegt</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="618" />
            <source>{used} of {total} used ({percent} %)</source>
            <translation>{used} von {total} belegt ({percent} %)</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/fabric.py" line="685" />
            <source>{wired} TB/s as wired (catalog {catalog} TB/s, bidirectional)</source>
            <translation>{wired} TB/s wie verkabelt (Katalog {catalog} TB/s, bidirektional)</translation>
        </message>
    </context>
    <context>
        <name>FileController</name>
        <message>
            <location filename="../../ui/shell/controllers.py" line="330" />
            <source>Cannot save plan</source>
            <translation>Plan kann nicht gespeichert werden</translation>
        </message>
        <message>
            <location filename="../../ui/shell/controllers.py" line="208" />
            <source>New from Live NetBox</source>
            <translation>Neu aus laufendem NetBox</translation>
        </message>
        <message>
            <location filename="../../ui/shell/controllers.py" line="230" />
            <source>New from NetBox Site</source>
            <translation>Neu aus NetBox-Standort</translation>
        </message>
        <message>
            <location filename="../../ui/shell/controllers.py" line="261" />
            <source>Opening {file}…</source>
            <translation>{file} wird geöffnet…</translation>
        </message>
        <message>
            <location filename="../../ui/shell/controllers.py" line="327" />
            <source>Saving {file}…</source>
            <translation>{file} wird gespeichert…</translation>
        </message>
        <message>
            <location filename="../../ui/shell/controllers.py" line="231" />
            <source>The NetBox export could not be read.

{reason}</source>
            <translation>Der NetBox-Export konnte nicht gelesen werden.

{reason}</translation>
        </message>
        <message>
            <location filename="../../ui/shell/controllers.py" line="209" />
            <source>The NetBox site could not be read.

{reason}</source>
            <translation>Der NetBox-Standort konnte nicht gelesen werden.

{reason}</translation>
        </message>
        <message>
            <location filename="../../ui/shell/controllers.py" line="220" />
            <source>rack type by height: {guess}</source>
            <translation>Racktyp nach Höhe: {guess}</translation>
        </message>
        <message>
            <location filename="../../ui/shell/controllers.py" line="331" />
            <source>{file} could not be saved.

{error}</source>
            <translation>{file} konnte nicht gespeichert werden.

{error}</translation>
        </message>
        <message>
            <location filename="../../ui/shell/controllers.py" line="237" />
            <source>{job} Try again when it has finished.</source>
            <translation>{job} Bitte erneut versuchen, wenn das abgeschlossen ist.</translation>
        </message>
        <message>
            <location filename="../../ui/shell/controllers.py" line="218" />
            <source>{racks} rack(s) and {devices} device(s) of site “{site}” imported.</source>
            <translation>{racks} Rack(s) und {devices} Gerät(e) des Standorts „{site}“ importiert.</translation>
        </message>
    </context>
    <context>
        <name>Findings</name>
        <message>
            <location filename="../../ui/panels/findings.py" line="259" />
            <source>(from {phase})</source>
            <translation>(ab {phase})</translation>
        </message>
        <message>
            <location filename="../../ui/panels/findings.py" line="106" />
            <source>Code</source>
            <translation>Code</translation>
        </message>
        <message>
            <location filename="../../ui/panels/findings.py" line="355" />
            <source>Double-click to show it</source>
            <translation>Doppelklick zeigt die Stelle</translation>
        </message>
        <message>
            <location filename="../../ui/panels/findings.py" line="346" />
            <location filename="../../ui/panels/findings.py" line="353" />
            <source>Error</source>
            <translation>Fehler</translation>
        </message>
        <message>
            <location filename="../../ui/panels/findings.py" line="348" />
            <location filename="../../ui/panels/findings.py" line="353" />
            <source>Info</source>
            <translation>Hinweis</translation>
        </message>
        <message>
            <location filename="../../ui/panels/findings.py" line="107" />
            <source>Message</source>
            <translation>Meldung</translation>
        </message>
        <message>
            <location filename="../../ui/panels/findings.py" line="61" />
            <source>PDU</source>
            <translation>PDU</translation>
        </message>
        <message>
            <location filename="../../ui/panels/findings.py" line="106" />
            <source>Severity</source>
            <translation>Schwere</translation>
        </message>
        <message>
            <location filename="../../ui/panels/findings.py" line="347" />
            <location filename="../../ui/panels/findings.py" line="353" />
            <source>Warning</source>
            <translation>Warnung</translation>
        </message>
        <message>
            <location filename="../../ui/panels/findings.py" line="107" />
            <source>Where</source>
            <translation>Ort</translation>
        </message>
        <message>
            <location filename="../../ui/panels/findings.py" line="60" />
            <location filename="../../ui/panels/findings.py" line="61" />
            <source>device</source>
            <translation>Gerät</translation>
        </message>
        <message>
            <location filename="../../ui/panels/findings.py" line="67" />
            <source>device type</source>
            <translation>Gerätetyp</translation>
        </message>
        <message>
            <location filename="../../ui/panels/findings.py" line="64" />
            <source>fabric</source>
            <translation>Fabric</translation>
        </message>
        <message>
            <location filename="../../ui/panels/findings.py" line="63" />
            <source>feed</source>
            <translation>Einspeisung</translation>
        </message>
        <message>
            <location filename="../../ui/panels/findings.py" line="65" />
            <source>link</source>
            <translation>Verbindung</translation>
        </message>
        <message>
            <location filename="../../ui/panels/findings.py" line="63" />
            <source>loop</source>
            <translation>Kühlkreislauf</translation>
        </message>
        <message>
            <location filename="../../ui/panels/findings.py" line="66" />
            <source>plan</source>
            <translation>Plan</translation>
        </message>
        <message>
            <location filename="../../ui/panels/findings.py" line="64" />
            <source>power source</source>
            <translation>Stromquelle</translation>
        </message>
        <message>
            <location filename="../../ui/panels/findings.py" line="60" />
            <source>rack</source>
            <translation>Rack</translation>
        </message>
        <message>
            <location filename="../../ui/panels/findings.py" line="62" />
            <source>room</source>
            <translation>Raum</translation>
        </message>
        <message>
            <location filename="../../ui/panels/findings.py" line="62" />
            <source>row</source>
            <translation>Reihe</translation>
        </message>
        <message>
            <location filename="../../ui/panels/findings.py" line="66" />
            <source>server group</source>
            <translation>Servergruppe</translation>
        </message>
        <message>
            <location filename="../../ui/panels/findings.py" line="67" />
            <source>site</source>
            <translation>Standort</translation>
        </message>
        <message>
            <location filename="../../ui/panels/findings.py" line="65" />
            <source>workload</source>
            <translation>Arbeitslast</translation>
        </message>
        <message>
            <location filename="../../ui/panels/findings.py" line="315" />
            <source>{device} in {rack}</source>
            <translation>{device} in {rack}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/findings.py" line="315" />
            <source>{device} in {rack} U{u}</source>
            <translation>{device} in {rack}, HE {u}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/findings.py" line="327" />
            <source>{kind} {place}</source>
            <translation>{kind} {place}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/findings.py" line="326" />
            <source>{name} ({id})</source>
            <translation>{name} ({id})</translation>
        </message>
    </context>
    <context>
        <name>FindingsPanel</name>
        <message numerus="yes">
            <location filename="../../ui/panels/findings.py" line="611" />
            <source>%n finding(s)</source>
            <translation>
                <numerusform>%n Befund</numerusform>
                <numerusform>%n Befunde</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../ui/panels/findings.py" line="560" />
            <source>All phases</source>
            <translation>Alle Stufen</translation>
        </message>
        <message>
            <location filename="../../ui/panels/findings.py" line="602" />
            <source>Errors</source>
            <translation>Fehler</translation>
        </message>
        <message>
            <location filename="../../ui/panels/findings.py" line="477" />
            <source>Filter findings (code, message, rack...)</source>
            <translation>Befunde filtern (Code, Meldung, Rack …)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/findings.py" line="602" />
            <source>Info</source>
            <translation>Hinweise</translation>
        </message>
        <message>
            <location filename="../../ui/panels/findings.py" line="470" />
            <source>Show errors</source>
            <translation>Fehler anzeigen</translation>
        </message>
        <message>
            <location filename="../../ui/panels/findings.py" line="471" />
            <source>Show information</source>
            <translation>Hinweise anzeigen</translation>
        </message>
        <message>
            <location filename="../../ui/panels/findings.py" line="470" />
            <source>Show warnings</source>
            <translation>Warnungen anzeigen</translation>
        </message>
        <message>
            <location filename="../../ui/panels/findings.py" line="562" />
            <source>Up to {phase}</source>
            <translation>Bis {phase}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/findings.py" line="602" />
            <source>Warnings</source>
            <translation>Warnungen</translation>
        </message>
        <message>
            <location filename="../../ui/panels/findings.py" line="455" />
            <source>Whose findings: the whole plan (each with the phase that first breaks it), or the build as it stands after a growth phase</source>
            <translation>Wessen Befunde: die des ganzen Plans (jeder mit der Ausbaustufe, ab der er auftritt) oder die des Aufbaus, wie er nach einer Ausbaustufe dasteht</translation>
        </message>
        <message>
            <location filename="../../ui/panels/findings.py" line="609" />
            <source>no findings: the design passes every check</source>
            <translation>keine Befunde: der Entwurf besteht jede Prüfung</translation>
        </message>
        <message>
            <location filename="../../ui/panels/findings.py" line="607" />
            <source>no results yet</source>
            <translation>noch keine Ergebnisse</translation>
        </message>
    </context>
    <context>
        <name>FloorGraphicsView</name>
        <message>
            <location filename="../../ui/scenes/floor/view.py" line="299" />
            <source>Rack heat vs. cooling</source>
            <translation>Rack-Wärmelast gegenüber Kühlung</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/view.py" line="299" />
            <source>Rack power vs. limit</source>
            <translation>Rack-Leistung gegenüber Grenze</translation>
        </message>
    </context>
    <context>
        <name>FloorScene</name>
        <message>
            <location filename="../../ui/scenes/floor/gestures.py" line="158" />
            <source>Add a room first: rows go inside a room</source>
            <translation>Zuerst einen Raum anlegen: Reihen liegen in einem Raum</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/items.py" line="380" />
            <source>COLD AISLE</source>
            <translation>KALTGANG</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/items.py" line="621" />
            <source>Drag along the row to reorder; Shift+drag moves the row</source>
            <translation>Entlang der Reihe ziehen zum Umordnen; Umschalt+Ziehen verschiebt die Reihe</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/items.py" line="381" />
            <source>HOT AISLE</source>
            <translation>WARMGANG</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/items.py" line="619" />
            <source>Reserved: added in growth phase {phase}</source>
            <translation>Reserviert: kommt mit Ausbaustufe {phase}</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/gestures.py" line="164" />
            <source>Rows go inside a room: right-click on a room's floor</source>
            <translation>Reihen liegen in einem Raum: Rechtsklick auf den Boden eines Raums</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/items.py" line="613" />
            <source>no figures yet</source>
            <translation>noch keine Werte</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/items.py" line="614" />
            <source>{percent} % of its limit</source>
            <translation>{percent} % seiner Grenze</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/items.py" line="616" />
            <source>{rack} ({id}) — cooling: {utilisation}{figure}</source>
            <translation>{rack} ({id}) — Kühlung: {utilisation}{figure}</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/items.py" line="615" />
            <source>{rack} ({id}) — power: {utilisation}{figure}</source>
            <translation>{rack} ({id}) — Leistung: {utilisation}{figure}</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/items.py" line="476" />
            <source>{row}: drag to move, R to rotate</source>
            <translation>{row}: ziehen zum Verschieben, R zum Drehen</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/items.py" line="201" />
            <source>{w} × {d} · tiles {tile}</source>
            <translation>{w} × {d} · Bodenplatten {tile}</translation>
        </message>
    </context>
    <context>
        <name>FloorView</name>
        <message>
            <location filename="../../ui/scenes/floor/widget.py" line="151" />
            <source>Add Rack</source>
            <translation>Rack hinzufügen</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/widget.py" line="143" />
            <source>Add Room</source>
            <translation>Raum hinzufügen</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/widget.py" line="149" />
            <source>Add Row…</source>
            <translation>Reihe hinzufügen…</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/widget.py" line="152" />
            <source>Add a rack at the end of the selected row</source>
            <translation>Ein Rack am Ende der gewählten Reihe hinzufügen</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/widget.py" line="290" />
            <source>Add a rack to {row}</source>
            <translation>Ein Rack zu {row} hinzufügen</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/widget.py" line="273" />
            <source>Add a room first: rows go inside a room</source>
            <translation>Zuerst einen Raum anlegen: Reihen liegen in einem Raum</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/widget.py" line="150" />
            <source>Add a row of racks behind the rows of the room shown</source>
            <translation>Eine Reihe Racks hinter den Reihen des angezeigten Raums hinzufügen</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/widget.py" line="144" />
            <source>Add an empty room to the site and show it</source>
            <translation>Einen leeren Raum zum Standort hinzufügen und anzeigen</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/widget.py" line="159" />
            <source>Add rack</source>
            <translation>Rack hinzufügen</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/widget.py" line="159" />
            <location filename="../../ui/scenes/floor/widget.py" line="275" />
            <source>Add row</source>
            <translation>Reihe hinzufügen</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/widget.py" line="308" />
            <source>Add row of {n} racks here</source>
            <translation>Reihe mit {n} Racks hier hinzufügen</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/widget.py" line="290" />
            <source>Add {n} racks to {row}</source>
            <translation>{n} Racks zu {row} hinzufügen</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/widget.py" line="125" />
            <source>Colour by Cooling</source>
            <translation>Nach Kühlung einfärben</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/widget.py" line="122" />
            <source>Colour by Power</source>
            <translation>Nach Leistung einfärben</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/widget.py" line="127" />
            <source>Colour racks by heat against the rack's cooling capacity</source>
            <translation>Racks nach Wärmelast im Verhältnis zur Kühlkapazität des Racks einfärben</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/widget.py" line="124" />
            <source>Colour racks by power draw against the rack's power limit</source>
            <translation>Racks nach Leistungsaufnahme im Verhältnis zur Leistungsgrenze des Racks einfärben</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/widget.py" line="126" />
            <source>Cooling</source>
            <translation>Kühlung</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/widget.py" line="155" />
            <location filename="../../ui/scenes/floor/widget.py" line="160" />
            <source>Delete</source>
            <translation>Löschen</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/widget.py" line="145" />
            <source>Delete Room…</source>
            <translation>Raum löschen…</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/widget.py" line="300" />
            <source>Delete rack {rack}</source>
            <translation>Rack {rack} löschen</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/widget.py" line="146" />
            <source>Delete the room shown, with its rows and racks (undo restores)</source>
            <translation>Den angezeigten Raum mit seinen Reihen und Racks löschen (Rückgängig stellt ihn wieder her)</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/widget.py" line="156" />
            <source>Delete the selected racks and rows (Del)</source>
            <translation>Die gewählten Racks und Reihen löschen (Entf)</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/widget.py" line="315" />
            <source>Delete {room}…</source>
            <translation>{room} löschen…</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/widget.py" line="304" />
            <source>Delete {row} with its racks</source>
            <translation>{row} mit ihren Racks löschen</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/widget.py" line="139" />
            <source>Fit</source>
            <translation>Einpassen</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/widget.py" line="136" />
            <source>Fit Floor</source>
            <translation>Raum einpassen</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/widget.py" line="137" />
            <source>Fit the floor in the view (Ctrl+0, F)</source>
            <translation>Den Raum in die Ansicht einpassen (Strg+0, F)</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/widget.py" line="57" />
            <source>Floor</source>
            <translation>Raum</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/widget.py" line="148" />
            <source>Name, size, tiles and floor of the room shown, in the Inspector</source>
            <translation>Name, Größe, Bodenplatten und Boden des angezeigten Raums, im Inspektor</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/widget.py" line="123" />
            <source>Power</source>
            <translation>Strom</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/widget.py" line="157" />
            <source>Properties</source>
            <translation>Eigenschaften</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/widget.py" line="298" />
            <source>Properties of {rack}</source>
            <translation>Eigenschaften von {rack}</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/widget.py" line="313" />
            <source>Properties of {room}</source>
            <translation>Eigenschaften von {room}</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/widget.py" line="302" />
            <source>Properties of {row}</source>
            <translation>Eigenschaften von {row}</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/widget.py" line="275" />
            <source>Racks in the new row:</source>
            <translation>Racks in der neuen Reihe:</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/widget.py" line="147" />
            <source>Room Properties</source>
            <translation>Raumeigenschaften</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/widget.py" line="153" />
            <source>Rotate Row</source>
            <translation>Reihe drehen</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/widget.py" line="160" />
            <source>Rotate row</source>
            <translation>Reihe drehen</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/widget.py" line="293" />
            <source>Rotate {row} 90°</source>
            <translation>{row} um 90° drehen</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/widget.py" line="341" />
            <source>Select a row (or one of its racks) to add a rack to</source>
            <translation>Eine Reihe (oder eines ihrer Racks) wählen, der ein Rack hinzugefügt wird</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/widget.py" line="163" />
            <location filename="../../ui/scenes/floor/widget.py" line="318" />
            <source>Show Room</source>
            <translation>Raum anzeigen</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/widget.py" line="158" />
            <source>Show the selection in the Inspector</source>
            <translation>Die Auswahl im Inspektor anzeigen</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/widget.py" line="62" />
            <source>The room shown on the floor plan</source>
            <translation>Der im Raumplan angezeigte Raum</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/widget.py" line="266" />
            <source>There is no room to delete</source>
            <translation>Es gibt keinen Raum zum Löschen</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/widget.py" line="256" />
            <source>There is no room: add one first</source>
            <translation>Es gibt keinen Raum: zuerst einen anlegen</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/widget.py" line="154" />
            <source>Turn the selected row 90° (R)</source>
            <translation>Die gewählte Reihe um 90° drehen (R)</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/widget.py" line="134" />
            <source>Zoom In</source>
            <translation>Vergrößern</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/widget.py" line="135" />
            <source>Zoom Out</source>
            <translation>Verkleinern</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/widget.py" line="138" />
            <source>Zoom in</source>
            <translation>Vergrößern</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/floor/widget.py" line="138" />
            <source>Zoom out</source>
            <translation>Verkleinern</translation>
        </message>
    </context>
    <context>
        <name>Help</name>
        <message>
            <location filename="../../ui/shell/help.py" line="207" />
            <source>About Rackwright</source>
            <translation>Über Rackwright</translation>
        </message>
        <message>
            <location filename="../../ui/shell/help.py" line="131" />
            <source>Command</source>
            <translation>Befehl</translation>
        </message>
        <message>
            <location filename="../../ui/shell/help.py" line="178" />
            <source>Desktop planner for AI/GPU datacenter builds: racks, fabrics, cooling and workloads in one live model. Works offline; every figure is traceable to a catalog source or a documented formula.</source>
            <translation>Desktop-Planer für KI-/GPU-Rechenzentrumsaufbauten: Racks, Fabrics, Kühlung und Arbeitslasten in einem Live-Modell. Arbeitet offline; jede Zahl ist auf eine Katalogquelle oder eine dokumentierte Formel zurückführbar.</translation>
        </message>
        <message>
            <location filename="../../ui/shell/help.py" line="127" />
            <source>In the rack elevations: Up/Down move the selection 1U, Delete removes it, Escape cancels a drag in progress or else clears the selection, Ctrl+wheel zooms.</source>
            <translation>In den Rackansichten: Auf/Ab verschieben die Auswahl um 1 HE, Entf entfernt sie, Esc bricht ein laufendes Ziehen ab oder hebt sonst die Auswahl auf, Strg+Mausrad zoomt.</translation>
        </message>
        <message>
            <location filename="../../ui/shell/help.py" line="136" />
            <source>Keyboard Shortcuts</source>
            <translation>Tastenkürzel</translation>
        </message>
        <message>
            <location filename="../../ui/shell/help.py" line="129" />
            <source>Keyboard shortcuts</source>
            <translation>Tastenkürzel</translation>
        </message>
        <message>
            <location filename="../../ui/shell/help.py" line="132" />
            <source>Keys</source>
            <translation>Tasten</translation>
        </message>
        <message>
            <location filename="../../ui/shell/help.py" line="190" />
            <source>Licence</source>
            <translation>Lizenz</translation>
        </message>
        <message>
            <location filename="../../ui/shell/help.py" line="131" />
            <source>Menu</source>
            <translation>Menü</translation>
        </message>
        <message>
            <location filename="../../ui/shell/help.py" line="190" />
            <source>Name</source>
            <translation>Name</translation>
        </message>
        <message>
            <location filename="../../ui/shell/help.py" line="183" />
            <source>Qt for Python and Qt are used under the LGPL v3: they are separate libraries in Rackwright's folder that you may replace with your own build of the same version. Third-party Notices has the details and every licence text.</source>
            <translation>Qt for Python und Qt werden unter der LGPL v3 verwendet: Sie liegen als eigene Bibliotheken im Ordner von Rackwright und dürfen durch einen eigenen Build derselben Version ersetzt werden. Die Hinweise zu Drittanbietern enthalten die Einzelheiten und alle Lizenztexte.</translation>
        </message>
        <message>
            <location filename="../../ui/shell/help.py" line="71" />
            <source>Rackwright Guide</source>
            <translation>Rackwright-Handbuch</translation>
        </message>
        <message>
            <location filename="../../ui/shell/help.py" line="103" />
            <source>Redo</source>
            <translation>Wiederholen</translation>
        </message>
        <message>
            <location filename="../../ui/shell/help.py" line="181" />
            <source>The PDF build plan embeds the DejaVu fonts (Bitstream Vera licence, see resources/fonts/LICENSE-DejaVu.txt).</source>
            <translation>Der PDF-Aufbauplan bettet die DejaVu-Schriften ein (Bitstream-Vera-Lizenz, siehe resources/fonts/LICENSE-DejaVu.txt).</translation>
        </message>
        <message>
            <location filename="../../ui/shell/help.py" line="77" />
            <source>The user guide is missing from this installation: {path}</source>
            <translation>Das Benutzerhandbuch fehlt in dieser Installation: {path}</translation>
        </message>
        <message>
            <location filename="../../ui/shell/help.py" line="195" />
            <source>Third-party Notices</source>
            <translation>Hinweise zu Drittanbietern</translation>
        </message>
        <message>
            <location filename="../../ui/shell/help.py" line="211" />
            <source>Third-party Notices…</source>
            <translation>Hinweise zu Drittanbietern…</translation>
        </message>
        <message>
            <location filename="../../ui/shell/help.py" line="188" />
            <source>Third-party software</source>
            <translation>Software von Drittanbietern</translation>
        </message>
        <message>
            <location filename="../../ui/shell/help.py" line="102" />
            <source>Undo</source>
            <translation>Rückgängig</translation>
        </message>
        <message>
            <location filename="../../ui/shell/help.py" line="190" />
            <source>Version</source>
            <translation>Version</translation>
        </message>
        <message>
            <location filename="../../ui/shell/help.py" line="187" />
            <source>Versions</source>
            <translation>Versionen</translation>
        </message>
        <message>
            <location filename="../../ui/shell/help.py" line="119" />
            <source>Window</source>
            <translation>Fenster</translation>
        </message>
        <message>
            <location filename="../../ui/shell/help.py" line="169" />
            <source>not installed</source>
            <translation>nicht installiert</translation>
        </message>
        <message>
            <location filename="../../ui/shell/help.py" line="148" />
            <source>not stated</source>
            <translation>nicht angegeben</translation>
        </message>
    </context>
    <context>
        <name>Inspector</name>
        <message>
            <location filename="../../ui/panels/inspector.py" line="712" />
            <source>(default)</source>
            <translation>(Standard)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="698" />
            <source>(generic)</source>
            <translation>(generisch)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="712" />
            <source>(loop's)</source>
            <translation>(des Kreislaufs)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="1017" />
            <location filename="../../ui/panels/inspector.py" line="1033" />
            <source>(no engine results yet)</source>
            <translation>(noch keine Berechnungsergebnisse)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="672" />
            <source>(none)</source>
            <translation>(keine)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="481" />
            <source>(not connected)</source>
            <translation>(nicht verbunden)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="705" />
            <source>(not set)</source>
            <translation>(nicht gesetzt)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="781" />
            <source>Air (no row default)</source>
            <translation>Luft (kein Reihen-Standard)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="710" />
            <source>Air ΔT</source>
            <translation>Luft-ΔT</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="793" />
            <source>All {total} racks follow the row.</source>
            <translation>Alle {total} Racks folgen der Reihe.</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="796" />
            <source>Apply to all racks</source>
            <translation>Auf alle Racks anwenden</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="656" />
            <source>As row ({method})</source>
            <translation>Wie Reihe ({method})</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="358" />
            <source>Asset tag</source>
            <translation>Inventarnummer</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="319" />
            <source>Author</source>
            <translation>Autor</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="389" />
            <source>Catalog figures</source>
            <translation>Katalogwerte</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="333" />
            <source>Change in Plan &gt; Plan Settings…</source>
            <translation>Ändern unter Plan &gt; Planeinstellungen…</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="294" />
            <source>Choose a phase for the selection…</source>
            <translation>Ausbaustufe für die Auswahl wählen…</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="853" />
            <source>Compute</source>
            <translation>Rechenleistung</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="714" />
            <source>Coolant temperature rise, overriding the loop's</source>
            <translation>Temperaturanstieg des Kühlmittels, statt dem des Kreislaufs</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="710" />
            <source>Coolant ΔT</source>
            <translation>Kühlmittel-ΔT</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="652" />
            <location filename="../../ui/panels/inspector.py" line="1038" />
            <source>Cooling</source>
            <translation>Kühlung</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="780" />
            <source>Cooling (row default)</source>
            <translation>Kühlung (Reihen-Standard)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="60" />
            <location filename="../../ui/panels/inspector.py" line="693" />
            <location filename="../../ui/panels/inspector.py" line="914" />
            <source>Cooling loop</source>
            <translation>Kühlkreislauf</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="343" />
            <source>Cooling loops</source>
            <translation>Kühlkreisläufe</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="537" />
            <source>Cord {n}</source>
            <translation>Netzkabel {n}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="689" />
            <source>Create a cooling loop and put this rack on it (one undo step)</source>
            <translation>Einen Kühlkreislauf anlegen und dieses Rack daran hängen (ein Rückgängig-Schritt)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="317" />
            <source>Customer</source>
            <translation>Kunde</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="948" />
            <source>Delete loop</source>
            <translation>Kreislauf löschen</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="413" />
            <location filename="../../ui/panels/inspector.py" line="827" />
            <source>Depth</source>
            <translation>Tiefe</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="356" />
            <source>Device</source>
            <translation>Gerät</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="626" />
            <location filename="../../ui/panels/inspector.py" line="931" />
            <source>Engine</source>
            <translation>Berechnung</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="798" />
            <source>Every rack of the row follows the row's cooling: their own choices are cleared (one undo step)</source>
            <translation>Jedes Rack der Reihe folgt der Kühlung der Reihe: seine eigene Wahl wird gelöscht (ein Rückgängig-Schritt)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="62" />
            <location filename="../../ui/panels/inspector.py" line="845" />
            <source>Fabric</source>
            <translation>Fabric</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="377" />
            <source>Face</source>
            <translation>Seite</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="61" />
            <source>Feed</source>
            <translation>Einspeisung</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="836" />
            <source>Floor</source>
            <translation>Raum</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="829" />
            <source>Floor load limit</source>
            <translation>Grenze der Bodenlast</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="828" />
            <source>Floor tiles</source>
            <translation>Bodenplatten</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="377" />
            <source>Front</source>
            <translation>Vorne</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="853" />
            <source>Front-end</source>
            <translation>Frontend</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="402" />
            <source>GPUs</source>
            <translation>GPUs</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="286" />
            <location filename="../../ui/panels/inspector.py" line="293" />
            <location filename="../../ui/panels/inspector.py" line="885" />
            <location filename="../../ui/panels/inspector.py" line="930" />
            <source>Growth phase</source>
            <translation>Ausbaustufe</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="391" />
            <source>Height</source>
            <translation>Höhe</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="363" />
            <location filename="../../ui/panels/inspector.py" line="613" />
            <location filename="../../ui/panels/inspector.py" line="825" />
            <location filename="../../ui/panels/inspector.py" line="847" />
            <source>Id</source>
            <translation>ID</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="454" />
            <source>Included in another item's price, {qty} in the plan</source>
            <translation>Im Preis eines anderen Teils inbegriffen, {qty} im Plan</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="452" />
            <source>Included in the price of {entry}, {qty} in the plan</source>
            <translation>Im Preis von {entry} inbegriffen, {qty} im Plan</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="855" />
            <source>Kind</source>
            <translation>Art</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="868" />
            <source>Layout</source>
            <translation>Aufteilung</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="381" />
            <source>Left</source>
            <translation>Links</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="60" />
            <source>Link</source>
            <translation>Verbindung</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="858" />
            <source>Link speed</source>
            <translation>Verbindungsgeschwindigkeit</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="871" />
            <source>Links</source>
            <translation>Verbindungen</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="375" />
            <source>Lowest U</source>
            <translation>Unterste HE</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="854" />
            <source>Management</source>
            <translation>Management</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="411" />
            <source>Mass</source>
            <translation>Masse</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="393" />
            <source>Max power</source>
            <translation>Maximale Leistung</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="704" />
            <source>Max. supply</source>
            <translation>Max. Versorgung</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="658" />
            <location filename="../../ui/panels/inspector.py" line="783" />
            <source>Method</source>
            <translation>Methode</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="334" />
            <source>Money</source>
            <translation>Geld</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="854" />
            <source>NVLink</source>
            <translation>NVLink</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="357" />
            <location filename="../../ui/panels/inspector.py" line="612" />
            <location filename="../../ui/panels/inspector.py" line="766" />
            <location filename="../../ui/panels/inspector.py" line="824" />
            <location filename="../../ui/panels/inspector.py" line="846" />
            <source>Name</source>
            <translation>Name</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="409" />
            <source>Needs data</source>
            <translation>Daten fehlen</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="687" />
            <source>New loop…</source>
            <translation>Neuer Kreislauf…</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="637" />
            <source>No PDUs in this rack: drag PDUs from the catalog onto its sides.</source>
            <translation>Keine PDUs in diesem Rack: PDUs aus dem Katalog an seine Seiten ziehen.</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="495" />
            <source>No feeds yet: add them in Plan &gt; Power Feeds and Sources</source>
            <translation>Noch keine Einspeisungen: unter Plan &gt; Einspeisungen und Stromquellen anlegen</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="449" />
            <source>No price: not in the capex, which is incomplete.</source>
            <translation>Kein Preis: nicht in den Investitionskosten, die damit unvollständig sind.</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="944" />
            <source>No racks yet: choose this loop in a rack's or row's cooling, or use Plan &gt; Cooling Loops &gt; Assign selected racks.</source>
            <translation>Noch keine Racks: diesen Kreislauf in der Kühlung eines Racks oder einer Reihe wählen oder Plan &gt; Kühlkreisläufe &gt; Gewählte Racks zuordnen nutzen.</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="447" />
            <source>No results yet.</source>
            <translation>Noch keine Ergebnisse.</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="663" />
            <source>Not on a cooling loop: choose one, or create it with New loop…</source>
            <translation>An keinem Kühlkreislauf: einen wählen oder mit „Neuer Kreislauf…“ anlegen</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="769" />
            <source>Orientation</source>
            <translation>Ausrichtung</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="860" />
            <source>Oversubscription target</source>
            <translation>Überbuchungsziel</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="398" />
            <source>PSU nameplate</source>
            <translation>Netzteil-Typenschild</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="321" />
            <source>PUE</source>
            <translation>PUE</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="305" />
            <source>Phase of {n} items</source>
            <translation>Ausbaustufe von {n} Elementen</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="569" />
            <location filename="../../ui/panels/inspector.py" line="592" />
            <source>Pin</source>
            <translation>Fest</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="315" />
            <source>Plan</source>
            <translation>Plan</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="571" />
            <source>Plug this cord into the chosen outlet; the device's other cords stay where they are. A cord the engine spread there moves elsewhere.</source>
            <translation>Dieses Netzkabel in den gewählten Steckplatz stecken; die anderen Netzkabel des Geräts bleiben, wo sie sind. Ein von der Berechnung dort verteiltes Netzkabel zieht um.</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="1037" />
            <source>Power</source>
            <translation>Strom</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="519" />
            <source>Power cords</source>
            <translation>Netzkabel</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="384" />
            <location filename="../../ui/panels/inspector.py" line="877" />
            <source>Power feed</source>
            <translation>Einspeisung</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="337" />
            <location filename="../../ui/panels/inspector.py" line="635" />
            <source>Power feeds</source>
            <translation>Einspeisungen</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="61" />
            <source>Power source</source>
            <translation>Stromquelle</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="422" />
            <source>Price</source>
            <translation>Preis</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="429" />
            <source>Price for this plan…</source>
            <translation>Preis für diesen Plan…</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="318" />
            <source>Project</source>
            <translation>Projekt</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="364" />
            <location filename="../../ui/panels/inspector.py" line="611" />
            <source>Rack</source>
            <translation>Rack</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="620" />
            <source>Rack type</source>
            <translation>Racktyp</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="772" />
            <location filename="../../ui/panels/inspector.py" line="839" />
            <source>Racks</source>
            <translation>Racks</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="937" />
            <source>Racks on this loop</source>
            <translation>Racks an diesem Kreislauf</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="863" />
            <source>Rail-optimised</source>
            <translation>Rail-optimiert</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="831" />
            <source>Raised floor (unchecked: slab)</source>
            <translation>Doppelboden (nicht angehakt: Rohboden)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="377" />
            <source>Rear</source>
            <translation>Hinten</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="320" />
            <source>Revision</source>
            <translation>Revision</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="381" />
            <source>Right</source>
            <translation>Rechts</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="62" />
            <location filename="../../ui/panels/inspector.py" line="823" />
            <source>Room</source>
            <translation>Raum</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="614" />
            <location filename="../../ui/panels/inspector.py" line="765" />
            <source>Row</source>
            <translation>Reihe</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="838" />
            <source>Rows</source>
            <translation>Reihen</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="346" />
            <source>Select a rack or a device to see its properties.</source>
            <translation>Ein Rack oder Gerät wählen, um seine Eigenschaften zu sehen.</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="359" />
            <source>Serial</source>
            <translation>Seriennummer</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="715" />
            <source>Server air temperature rise, for the airflow</source>
            <translation>Temperaturanstieg der Serverluft, für die Luftmenge</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="59" />
            <source>Server group</source>
            <translation>Servergruppe</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="381" />
            <source>Side</source>
            <translation>Seite</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="316" />
            <source>Site</source>
            <translation>Standort</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="418" />
            <source>Sources</source>
            <translation>Quellen</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="597" />
            <source>Spread automatically</source>
            <translation>Automatisch verteilen</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="853" />
            <source>Storage</source>
            <translation>Speicher</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="857" />
            <source>Technology</source>
            <translation>Technik</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="407" />
            <source>The catalog entry lacks these figures (imported from NetBox?); the engine counts what is missing as zero. Fill them in the catalog file.</source>
            <translation>Dem Katalogeintrag fehlen diese Werte (aus NetBox importiert?); die Berechnung zählt Fehlendes als null. Im Katalog eintragen.</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="603" />
            <source>The engine spreads these cords over the rack's PDUs, A/B alternating, each on the least-loaded phase.</source>
            <translation>Die Berechnung verteilt diese Netzkabel auf die PDUs des Racks, abwechselnd A/B, jeweils auf die am wenigsten belastete Phase.</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="173" />
            <source>The selected item no longer exists.</source>
            <translation>Das gewählte Element existiert nicht mehr.</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="707" />
            <source>The warmest coolant the door, cold plates or tank are designed for; a warning when the loop supplies warmer water</source>
            <translation>Das wärmste Kühlmittel, für das Tür, Kühlplatten oder Tank ausgelegt sind; eine Warnung, wenn der Kreislauf wärmeres Wasser liefert</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="362" />
            <source>Type</source>
            <translation>Typ</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="395" />
            <source>Typical power</source>
            <translation>Typische Leistung</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="950" />
            <source>Unassign racks and delete</source>
            <translation>Racks lösen und löschen</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="702" />
            <source>Unit</source>
            <translation>Einheit</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="826" />
            <source>Width</source>
            <translation>Breite</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="59" />
            <source>Workload</source>
            <translation>Arbeitslast</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="767" />
            <source>X</source>
            <translation>X</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="768" />
            <source>Y</source>
            <translation>Y</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="464" />
            <source>catalog estimate, not a quote (basis: {basis})</source>
            <translation>Katalogschätzung, kein Angebot (Grundlage: {basis})</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="467" />
            <source>catalog price</source>
            <translation>Katalogpreis</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="551" />
            <source>cord </source>
            <translation>Netzkabel </translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="469" />
            <source>no exchange rate: not in the capex</source>
            <translation>kein Wechselkurs: nicht in den Investitionskosten</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="325" />
            <source>none</source>
            <translation>keine</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="558" />
            <source>outlet </source>
            <translation>Steckplatz </translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="532" />
            <source>pinned</source>
            <translation>fest</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="462" />
            <source>price set for this plan{source}</source>
            <translation>Preis für diesen Plan gesetzt{source}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="532" />
            <source>spread by the engine</source>
            <translation>von der Berechnung verteilt</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="1041" />
            <source>{0}: {1}</source>
            <translation>{0}: {1}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="1044" />
            <source>{0}: {1} % of its limit, {2}</source>
            <translation>{0}: {1} % der Grenze, {2}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="398" />
            <source>{count} x {rating} W</source>
            <translation>{count} × {rating} W</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="326" />
            <source>{cur}; exchange rates: {rates}{date}; {price:g} {cur}/kWh, utilisation {util:g} %</source>
            <translation>{cur}; Wechselkurse: {rates}{date}; {price:g} {cur}/kWh, Auslastung {util:g} %</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="171" />
            <source>{kind} {id}</source>
            <translation>{kind} {id}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="339" />
            <location filename="../../ui/panels/inspector.py" line="487" />
            <source>{name} (side {side})</source>
            <translation>{name} (Seite {side})</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="484" />
            <source>{name} (side {side}, on {source})</source>
            <translation>{name} (Seite {side}, an {source})</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="161" />
            <source>{n} items selected ({kinds}).
Delete, Copy and Duplicate act on all of them.</source>
            <translation>{n} Elemente gewählt ({kinds}).
Löschen, Kopieren und Duplizieren wirken auf alle.</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="790" />
            <source>{n} of {total} racks have their own cooling: {names}</source>
            <translation>{n} von {total} Racks haben ihre eigene Kühlung: {names}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="533" />
            <source>{pdu} outlet {outlet}, {phase} ({how})</source>
            <translation>{pdu} Steckplatz {outlet}, {phase} ({how})</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="529" />
            <source>{pdu}, outlet not known yet</source>
            <translation>{pdu}, Steckplatz noch unbekannt</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="268" />
            <source>{phase} (not named: the first)</source>
            <translation>{phase} (nicht angegeben: die erste)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="273" />
            <source>{phase} (not named: with its rack)</source>
            <translation>{phase} (nicht angegeben: mit seinem Rack)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="457" />
            <source>{price} {currency} each, {qty} in the plan</source>
            <translation>{price} {currency} pro Stück, {qty} im Plan</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="360" />
            <location filename="../../ui/panels/inspector.py" line="619" />
            <location filename="../../ui/panels/inspector.py" line="701" />
            <source>{slug} (not in catalog)</source>
            <translation>{slug} (nicht im Katalog)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="390" />
            <source>{u} U</source>
            <translation>{u} HE</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="390" />
            <source>{u} U (full depth)</source>
            <translation>{u} HE (volle Tiefe)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="340" />
            <source>{v} V {phases}-phase, {a} A</source>
            <translation>{v} V {phases}-phasig, {a} A</translation>
        </message>
        <message>
            <location filename="../../ui/panels/inspector.py" line="942" />
            <source>… and {n} more</source>
            <translation>… und {n} weitere</translation>
        </message>
    </context>
    <context>
        <name>Levels</name>
        <message>
            <location filename="../../ui/style.py" line="290" />
            <source>&gt; 100 %</source>
            <translation>&gt; 100 %</translation>
        </message>
        <message>
            <location filename="../../ui/style.py" line="295" />
            <source>&gt; {0} %</source>
            <translation>&gt; {0} %</translation>
        </message>
        <message>
            <location filename="../../ui/style.py" line="202" />
            <source>close to the limit</source>
            <translation>nahe der Grenze</translation>
        </message>
        <message>
            <location filename="../../ui/style.py" line="292" />
            <source>near limit</source>
            <translation>nahe der Grenze</translation>
        </message>
        <message>
            <location filename="../../ui/style.py" line="290" />
            <source>no figures</source>
            <translation>keine Werte</translation>
        </message>
        <message>
            <location filename="../../ui/style.py" line="205" />
            <source>no limit to compare</source>
            <translation>keine Grenze zum Vergleich</translation>
        </message>
        <message>
            <location filename="../../ui/style.py" line="292" />
            <source>ok</source>
            <translation>ok</translation>
        </message>
        <message>
            <location filename="../../ui/style.py" line="204" />
            <source>over the limit</source>
            <translation>über der Grenze</translation>
        </message>
        <message>
            <location filename="../../ui/style.py" line="200" />
            <source>within limits</source>
            <translation>innerhalb der Grenzen</translation>
        </message>
        <message>
            <location filename="../../ui/style.py" line="295" />
            <source>≤ {0} %</source>
            <translation>≤ {0} %</translation>
        </message>
    </context>
    <context>
        <name>LimitsPage</name>
        <message>
            <location filename="../../ui/design/wizard.py" line="572" />
            <source>1 USD = ? {currency}: without a rate the catalog's USD prices stay out of the capex.</source>
            <translation>1 USD = ? {currency}: ohne Kurs bleiben die USD-Preise des Katalogs außerhalb der Investitionskosten.</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="429" />
            <source>Budget</source>
            <translation>Budget</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="511" />
            <source>Cooling available</source>
            <translation>Verfügbare Kühlung</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="463" />
            <source>Currency</source>
            <translation>Währung</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="431" />
            <source>Electricity price per kWh</source>
            <translation>Strompreis pro kWh</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="494" />
            <source>Exchange rates</source>
            <translation>Wechselkurse</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="430" />
            <source>Floor area (m²)</source>
            <translation>Bodenfläche (m²)</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="546" />
            <source>GPU models</source>
            <translation>GPU-Modelle</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="409" />
            <source>Hard limits of the build (leave a field empty for no limit) and the figures the running cost is worked out with.</source>
            <translation>Harte Grenzen des Aufbaus (Feld leer lassen für keine Grenze) und die Werte, mit denen die laufenden Kosten berechnet werden.</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="482" />
            <source>How many units of the plan currency one unit of another currency buys, e.g. USD 0.92 for a plan in EUR (the catalog's prices are mostly in USD). Several: USD 0.92; GBP 1.17</source>
            <translation>Wie viele Einheiten der Planwährung eine Einheit einer anderen Währung kauft, z. B. USD 0,92 für einen Plan in EUR (die Preise des Katalogs sind meist in USD). Mehrere: USD 0,92; GBP 1,17</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="408" />
            <location filename="../../ui/design/wizard.py" line="421" />
            <source>Limits</source>
            <translation>Grenzen</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="429" />
            <source>Maximum kW per rack</source>
            <translation>Maximale kW pro Rack</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="430" />
            <source>Maximum racks</source>
            <translation>Maximale Anzahl Racks</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="431" />
            <source>PUE</source>
            <translation>PUE</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="523" />
            <source>Preferred (none ticked: any)</source>
            <translation>Bevorzugt (keines angehakt: beliebig)</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="507" />
            <source>Rates as of</source>
            <translation>Kurse vom</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="424" />
            <source>Running cost</source>
            <translation>Laufende Kosten</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="472" />
            <source>Site power</source>
            <translation>Stromversorgung am Standort</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="432" />
            <source>Utilisation (%)</source>
            <translation>Auslastung (%)</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="545" />
            <source>Vendors</source>
            <translation>Hersteller</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="432" />
            <source>Years of use</source>
            <translation>Nutzungsjahre</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="571" />
            <source>e.g. USD 0.92</source>
            <translation>z. B. USD 0,92</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="502" />
            <source>e.g. {example}</source>
            <translation>z. B. {example}</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="571" />
            <source>none needed</source>
            <translation>nicht nötig</translation>
        </message>
    </context>
    <context>
        <name>LoopEditor</name>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="271" />
            <source>Edit cooling loop</source>
            <translation>Kühlkreislauf bearbeiten</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="274" />
            <source>New facility water loop</source>
            <translation>Neuer Gebäudewasser-Kreislauf</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="275" />
            <source>New in-row CDU loop</source>
            <translation>Neuer In-Row-CDU-Kreislauf</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="279" />
            <source>Racks that go on the new loop: {names}</source>
            <translation>Racks für den neuen Kreislauf: {names}</translation>
        </message>
    </context>
    <context>
        <name>LoopForm</name>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="133" />
            <source>CDU model</source>
            <translation>CDU-Modell</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="138" />
            <source>CDUs</source>
            <translation>CDUs</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="150" />
            <source>Capacity</source>
            <translation>Kapazität</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="143" />
            <source>Coolant</source>
            <translation>Kühlmittel</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="122" />
            <source>Facility water (chilled or warm)</source>
            <translation>Gebäudewasser (Kalt- oder Warmwasser)</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="121" />
            <source>In-row CDUs (secondary loop)</source>
            <translation>In-Row-CDUs (Sekundärkreislauf)</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="123" />
            <source>Kind</source>
            <translation>Art</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="118" />
            <source>Name</source>
            <translation>Name</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="142" />
            <source>PG25 (25 % propylene glycol)</source>
            <translation>PG25 (25 % Propylenglykol)</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="153" />
            <source>Rated flow</source>
            <translation>Nenndurchfluss</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="147" />
            <source>Return</source>
            <translation>Rücklauf</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="242" />
            <source>Return: must be warmer than the supply ({s} °C)</source>
            <translation>Rücklauf: muss wärmer sein als der Vorlauf ({s} °C)</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="145" />
            <source>Supply</source>
            <translation>Vorlauf</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="141" />
            <source>Water</source>
            <translation>Wasser</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="207" />
            <source>from capacity and ΔT</source>
            <translation>aus Kapazität und ΔT</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="149" />
            <location filename="../../ui/dialogs/cooling_loops.py" line="206" />
            <source>from the CDUs (catalog)</source>
            <translation>aus den CDUs (Katalog)</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="152" />
            <location filename="../../ui/dialogs/cooling_loops.py" line="208" />
            <source>from the CDUs, else capacity and ΔT</source>
            <translation>aus den CDUs, sonst aus Kapazität und ΔT</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="129" />
            <source>{name} ({kw} kW)</source>
            <translation>{name} ({kw} kW)</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/cooling_loops.py" line="132" />
            <source>{slug} (not in catalog)</source>
            <translation>{slug} (nicht im Katalog)</translation>
        </message>
    </context>
    <context>
        <name>MainWindow</name>
        <message numerus="yes">
            <location filename="../../ui/shell/windows.py" line="41" />
            <source>%n link(s)</source>
            <translation>
                <numerusform>%n Verbindung</numerusform>
                <numerusform>%n Verbindungen</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../../ui/shell/windows.py" line="45" />
            <source>%n switch(es)</source>
            <translation>
                <numerusform>%n Switch</numerusform>
                <numerusform>%n Switches</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="143" />
            <source>&amp;About Rackwright</source>
            <translation>Ü&amp;ber Rackwright</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="106" />
            <source>&amp;Copy</source>
            <translation>&amp;Kopieren</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="108" />
            <source>&amp;Delete</source>
            <translation>&amp;Löschen</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="172" />
            <source>&amp;Edit</source>
            <translation>&amp;Bearbeiten</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="89" />
            <source>&amp;Export Build Plan (PDF)…</source>
            <translation>Aufbauplan als PDF &amp;exportieren…</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="167" />
            <source>&amp;File</source>
            <translation>&amp;Datei</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="120" />
            <source>&amp;Fit Elevations</source>
            <translation>Rackansichten &amp;einpassen</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="136" />
            <source>&amp;Growth Phases…</source>
            <translation>&amp;Ausbaustufen…</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="180" />
            <source>&amp;Help</source>
            <translation>&amp;Hilfe</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="142" />
            <source>&amp;Keyboard Shortcuts</source>
            <translation>&amp;Tastenkürzel</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="74" />
            <source>&amp;New</source>
            <translation>&amp;Neu</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="75" />
            <source>&amp;Open…</source>
            <translation>Ö&amp;ffnen…</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="107" />
            <source>&amp;Paste</source>
            <translation>E&amp;infügen</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="177" />
            <source>&amp;Plan</source>
            <translation>&amp;Plan</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="132" />
            <source>&amp;Power Feeds and Sources…</source>
            <translation>&amp;Einspeisungen und Stromquellen…</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="103" />
            <source>&amp;Quit</source>
            <translation>&amp;Beenden</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="121" />
            <source>&amp;Recalculate</source>
            <translation>&amp;Neu berechnen</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="228" />
            <location filename="../../ui/shell/actions.py" line="241" />
            <source>&amp;Redo</source>
            <translation>&amp;Wiederholen</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="241" />
            <source>&amp;Redo {action}</source>
            <translation>&amp;Wiederholen: {action}</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="84" />
            <source>&amp;Save</source>
            <translation>&amp;Speichern</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="226" />
            <location filename="../../ui/shell/actions.py" line="237" />
            <source>&amp;Undo</source>
            <translation>&amp;Rückgängig</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="237" />
            <source>&amp;Undo {action}</source>
            <translation>&amp;Rückgängig: {action}</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="175" />
            <source>&amp;View</source>
            <translation>&amp;Ansicht</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="133" />
            <source>Add and edit UPSs, panels and the feeds that hang off them</source>
            <translation>USVs, Verteilungen und die daran hängenden Einspeisungen anlegen und bearbeiten</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="127" />
            <source>Auto-&amp;wire Fabric…</source>
            <translation>Fabric automatisch &amp;verkabeln…</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="129" />
            <source>Auto-wire &amp;NVLink Domain</source>
            <translation>&amp;NVLink-Domäne automatisch verkabeln</translation>
        </message>
        <message>
            <location filename="../../ui/shell/windows.py" line="119" />
            <source>Auto-wired {links} NVLink links to {trays} switch trays</source>
            <translation>{links} NVLink-Verbindungen zu {trays} Switch-Trays automatisch verkabelt</translation>
        </message>
        <message>
            <location filename="../../ui/shell/windows.py" line="100" />
            <source>Auto-wired {links}, {switches}</source>
            <translation>{links}, {switches} automatisch verkabelt</translation>
        </message>
        <message>
            <location filename="../../ui/shell/mainwindow.py" line="362" />
            <location filename="../../ui/shell/mainwindow.py" line="370" />
            <source>Autosave failed</source>
            <translation>Automatisches Speichern fehlgeschlagen</translation>
        </message>
        <message>
            <location filename="../../ui/shell/mainwindow.py" line="365" />
            <source>Autosave failed: {error}. Until a save works, a crash would lose the changes since the last save.</source>
            <translation>Automatisches Speichern fehlgeschlagen: {error}. Bis ein Speichern gelingt, gingen bei einem Absturz die Änderungen seit dem letzten Speichern verloren.</translation>
        </message>
        <message>
            <location filename="../../ui/shell/docks.py" line="49" />
            <source>Cables</source>
            <translation>Kabel</translation>
        </message>
        <message>
            <location filename="../../ui/shell/docks.py" line="41" />
            <source>Catalog</source>
            <translation>Katalog</translation>
        </message>
        <message>
            <location filename="../../ui/shell/docks.py" line="45" />
            <source>Charts</source>
            <translation>Diagramme</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="87" />
            <source>Co&amp;mpare With…</source>
            <translation>Ver&amp;gleichen mit…</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="88" />
            <source>Compare this plan side by side with a plan file</source>
            <translation>Diesen Plan Seite an Seite mit einer Plandatei vergleichen</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="134" />
            <source>Cooling &amp;Loops…</source>
            <translation>Kühl&amp;kreisläufe…</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="112" />
            <source>Copy the selected rack N times along its row</source>
            <translation>Das gewählte Rack N-mal entlang seiner Reihe kopieren</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="100" />
            <source>Create or update the plan's site, racks, devices, power and cables in a live NetBox through its REST API</source>
            <translation>Standort, Racks, Geräte, Strom und Kabel des Plans in einem laufenden NetBox über seine REST-API anlegen oder aktualisieren</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="135" />
            <source>Create, edit and delete CDU and facility water loops; assign the selected racks</source>
            <translation>CDU- und Gebäudewasser-Kreisläufe anlegen, bearbeiten und löschen; die gewählten Racks zuordnen</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="105" />
            <source>Cu&amp;t</source>
            <translation>&amp;Ausschneiden</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="110" />
            <source>D&amp;uplicate</source>
            <translation>&amp;Duplizieren</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="128" />
            <source>Design and wire a leaf/spine fabric for servers (one undo step)</source>
            <translation>Eine Leaf/Spine-Fabric für Server entwerfen und verkabeln (ein Rückgängig-Schritt)</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="111" />
            <source>Duplicate Rack × &amp;N…</source>
            <translation>Rack × &amp;N duplizieren…</translation>
        </message>
        <message>
            <location filename="../../ui/shell/mainwindow.py" line="216" />
            <source>Engine not available</source>
            <translation>Berechnung nicht verfügbar</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="96" />
            <source>Export &amp;NetBox Import Files…</source>
            <translation>&amp;NetBox-Importdateien exportieren…</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="91" />
            <source>Export &amp;Workbook (Excel)…</source>
            <translation>&amp;Arbeitsmappe exportieren (Excel)…</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="93" />
            <source>Export Tables (&amp;CSV)…</source>
            <translation>Tabellen exportieren (&amp;CSV)…</translation>
        </message>
        <message>
            <location filename="../../ui/shell/windows.py" line="102" />
            <source>Extended the fabric: {links}, {switches} added</source>
            <translation>Fabric erweitert: {links}, {switches} hinzugefügt</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="176" />
            <source>F&amp;loor</source>
            <translation>&amp;Raum</translation>
        </message>
        <message>
            <location filename="../../ui/shell/docks.py" line="48" />
            <source>Fabric</source>
            <translation>Fabric</translation>
        </message>
        <message>
            <location filename="../../ui/shell/docks.py" line="44" />
            <source>Findings</source>
            <translation>Befunde</translation>
        </message>
        <message>
            <location filename="../../ui/shell/docks.py" line="42" />
            <source>Floor plan</source>
            <translation>Raumplan</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="124" />
            <source>Import &amp;Price List…</source>
            <translation>&amp;Preisliste importieren…</translation>
        </message>
        <message>
            <location filename="../../ui/shell/docks.py" line="47" />
            <source>Inspector</source>
            <translation>Inspektor</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="117" />
            <source>Move Down 1U</source>
            <translation>1 HE nach unten</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="115" />
            <source>Move Up 1U</source>
            <translation>1 HE nach oben</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="150" />
            <source>Name the selected racks or devices from a pattern (one undo step)</source>
            <translation>Die gewählten Racks oder Geräte nach einem Muster benennen (ein Rückgängig-Schritt)</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="78" />
            <source>New from &amp;Live NetBox…</source>
            <translation>Neu aus &amp;laufendem NetBox…</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="152" />
            <source>New from &amp;Template…</source>
            <translation>Neu aus &amp;Vorlage…</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="155" />
            <source>New from &amp;Workload…</source>
            <translation>Neu aus &amp;Arbeitslast…</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="76" />
            <source>New from NetBox &amp;Site…</source>
            <translation>Neu aus NetBox-&amp;Standort…</translation>
        </message>
        <message>
            <location filename="../../ui/shell/mainwindow.py" line="220" />
            <source>No results yet</source>
            <translation>Noch keine Ergebnisse</translation>
        </message>
        <message>
            <location filename="../../ui/shell/mainwindow.py" line="169" />
            <source>Open &amp;Recent</source>
            <translation>&amp;Zuletzt geöffnet</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="75" />
            <source>Open a plan</source>
            <translation>Einen Plan öffnen</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="81" />
            <source>Open a plan from the team repository (PostgreSQL)</source>
            <translation>Einen Plan aus dem Team-Repository öffnen (PostgreSQL)</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="80" />
            <source>Open from Re&amp;pository…</source>
            <translation>Aus Re&amp;pository öffnen…</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="146" />
            <source>Plan &amp;Settings…</source>
            <translation>Plan&amp;einstellungen…</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="137" />
            <source>Plan the build in phases (pilot, production, expansion): figures per phase; put the selection into a phase</source>
            <translation>Den Aufbau in Stufen planen (Pilot, Produktion, Erweiterung): Kennzahlen je Stufe; die Auswahl einer Stufe zuordnen</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="99" />
            <source>Push to Net&amp;Box…</source>
            <translation>In Net&amp;Box schreiben…</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="140" />
            <source>Rackwright &amp;Guide</source>
            <translation>Rackwright-&amp;Handbuch</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="149" />
            <source>Re&amp;name Selection…</source>
            <translation>Auswahl &amp;umbenennen…</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="125" />
            <source>Read a distributor price list (XLSX or CSV) into your catalog; the capex uses its prices</source>
            <translation>Eine Händler-Preisliste (XLSX oder CSV) in den Katalog einlesen; die Investitionskosten nutzen ihre Preise</translation>
        </message>
        <message>
            <location filename="../../ui/shell/mainwindow.py" line="218" />
            <source>Recalculating…</source>
            <translation>Wird neu berechnet…</translation>
        </message>
        <message>
            <location filename="../../ui/shell/mainwindow.py" line="204" />
            <source>Refused: {reason}</source>
            <translation>Abgelehnt: {reason}</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="122" />
            <source>Reset &amp;Layout</source>
            <translation>&amp;Layout zurücksetzen</translation>
        </message>
        <message>
            <location filename="../../ui/shell/mainwindow.py" line="222" />
            <source>Results up to date</source>
            <translation>Ergebnisse aktuell</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="85" />
            <source>Save &amp;As…</source>
            <translation>Speichern &amp;unter…</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="84" />
            <source>Save the plan</source>
            <translation>Den Plan speichern</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="83" />
            <source>Save the plan as the next revision in the team repository</source>
            <translation>Den Plan als nächste Revision im Team-Repository speichern</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="86" />
            <source>Save the plan under a new name</source>
            <translation>Den Plan unter neuem Namen speichern</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="82" />
            <source>Save to Reposi&amp;tory…</source>
            <translation>Im Reposi&amp;tory speichern…</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="102" />
            <source>Se&amp;ttings…</source>
            <translation>Ein&amp;stellungen…</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="159" />
            <source>Search the builds that meet the selected workload of this plan and open the chosen one as a new plan</source>
            <translation>Die Aufbauten suchen, die die gewählte Arbeitslast dieses Plans erfüllen, und den gewählten als neuen Plan öffnen</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="114" />
            <source>Select &amp;All</source>
            <translation>&amp;Alles auswählen</translation>
        </message>
        <message>
            <location filename="../../ui/shell/windows.py" line="194" />
            <source>Select racks or devices to rename</source>
            <translation>Racks oder Geräte zum Umbenennen wählen</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="158" />
            <source>Si&amp;ze This Workload…</source>
            <translation>Diese Arbeitslast &amp;dimensionieren…</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="147" />
            <source>Site, customer, currency and exchange rates, energy price, PUE, utilisation and naming patterns of this plan</source>
            <translation>Standort, Kunde, Währung und Wechselkurse, Strompreis, PUE, Auslastung und Namensmuster dieses Plans</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="74" />
            <source>Start a new plan</source>
            <translation>Einen neuen Plan beginnen</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="77" />
            <source>Start a plan from a NetBox site export (racks, devices)</source>
            <translation>Einen Plan aus einem NetBox-Standortexport beginnen (Racks, Geräte)</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="79" />
            <source>Start a plan from a site of a running NetBox, read through its REST API</source>
            <translation>Einen Plan aus einem Standort eines laufenden NetBox beginnen, über dessen REST-API gelesen</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="153" />
            <source>Start from a reference design: racks placed, powered, cooled and wired, with its workload</source>
            <translation>Von einem Referenzdesign ausgehen: Racks platziert, mit Strom versorgt, gekühlt und verkabelt, mit seiner Arbeitslast</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="156" />
            <source>State the workloads and limits; compare the builds that meet them and open the chosen one as a plan</source>
            <translation>Arbeitslasten und Grenzen angeben; die Aufbauten vergleichen, die sie erfüllen, und den gewählten als Plan öffnen</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="141" />
            <source>The user guide: catalog, racks, feeds, workloads, wiring, export</source>
            <translation>Das Benutzerhandbuch: Katalog, Racks, Einspeisungen, Arbeitslasten, Verkabelung, Export</translation>
        </message>
        <message>
            <location filename="../../ui/shell/docks.py" line="43" />
            <source>Totals</source>
            <translation>Summen</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="130" />
            <source>Wire the NVLink spine of the selected NVL72 rack: every GPU to every switch chip (one undo step)</source>
            <translation>Den NVLink-Spine des gewählten NVL72-Racks verkabeln: jede GPU an jeden Switch-Chip (ein Rückgängig-Schritt)</translation>
        </message>
        <message>
            <location filename="../../ui/shell/windows.py" line="114" />
            <source>Wiring the NVLink domain of {name}…</source>
            <translation>NVLink-Domäne von {name} wird verkabelt…</translation>
        </message>
        <message>
            <location filename="../../ui/shell/docks.py" line="46" />
            <source>Workloads</source>
            <translation>Arbeitslasten</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="94" />
            <source>Write the BOM, cable schedule, racks, power and workload verdicts as CSV files, one per table</source>
            <translation>Stückliste, Kabelplan, Racks, Strom und Arbeitslast-Ergebnisse als CSV-Dateien schreiben, eine pro Tabelle</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="92" />
            <source>Write the BOM, cable schedule, racks, power and workload verdicts as an Excel workbook</source>
            <translation>Stückliste, Kabelplan, Racks, Strom und Arbeitslast-Ergebnisse als Excel-Arbeitsmappe schreiben</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="90" />
            <source>Write the printed build plan as a PDF</source>
            <translation>Den gedruckten Aufbauplan als PDF schreiben</translation>
        </message>
        <message>
            <location filename="../../ui/shell/actions.py" line="97" />
            <source>Write the site, racks, devices, power feeds and cables as NetBox bulk-import files, with the device types</source>
            <translation>Standort, Racks, Geräte, Einspeisungen und Kabel als NetBox-Massenimportdateien schreiben, mit den Gerätetypen</translation>
        </message>
        <message>
            <location filename="../../ui/shell/mainwindow.py" line="250" />
            <source>{path} no longer exists</source>
            <translation>{path} existiert nicht mehr</translation>
        </message>
    </context>
    <context>
        <name>NeedsData</name>
        <message>
            <location filename="../../ui/dialogs/needs_data.py" line="12" />
            <source>GPUs</source>
            <translation>GPUs</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/needs_data.py" line="14" />
            <source>cooling and liquid fraction</source>
            <translation>Kühlung und Flüssigkeitsanteil</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/needs_data.py" line="15" />
            <source>depth</source>
            <translation>Tiefe</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/needs_data.py" line="11" />
            <source>device kind</source>
            <translation>Geräteart</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/needs_data.py" line="16" />
            <source>price</source>
            <translation>Preis</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/needs_data.py" line="13" />
            <source>typical and maximum power</source>
            <translation>typische und maximale Leistung</translation>
        </message>
    </context>
    <context>
        <name>NetboxExporter</name>
        <message>
            <location filename="../../ui/exports/export_netbox.py" line="61" />
            <source>An export is already running.</source>
            <translation>Ein Export läuft bereits.</translation>
        </message>
        <message>
            <location filename="../../ui/exports/export_netbox.py" line="64" />
            <source>Cancel</source>
            <translation>Abbrechen</translation>
        </message>
        <message>
            <location filename="../../ui/exports/export_netbox.py" line="65" />
            <source>Cancelling…</source>
            <translation>Wird abgebrochen…</translation>
        </message>
        <message>
            <location filename="../../ui/exports/export_netbox.py" line="60" />
            <source>Cannot export the NetBox files</source>
            <translation>NetBox-Dateien können nicht exportiert werden</translation>
        </message>
        <message>
            <location filename="../../ui/exports/export_netbox.py" line="60" />
            <source>Export NetBox import files</source>
            <translation>NetBox-Importdateien exportieren</translation>
        </message>
        <message>
            <location filename="../../ui/exports/export_netbox.py" line="38" />
            <source>Export NetBox import files: choose a folder</source>
            <translation>NetBox-Importdateien exportieren: Ordner wählen</translation>
        </message>
        <message>
            <location filename="../../ui/exports/export_netbox.py" line="63" />
            <source>Exporting the NetBox files to {name}…</source>
            <translation>NetBox-Dateien werden nach {name} exportiert…</translation>
        </message>
        <message>
            <location filename="../../ui/exports/export_netbox.py" line="64" />
            <source>NetBox export cancelled; nothing was written</source>
            <translation>NetBox-Export abgebrochen; nichts wurde geschrieben</translation>
        </message>
        <message>
            <location filename="../../ui/exports/export_netbox.py" line="63" />
            <source>NetBox export failed</source>
            <translation>NetBox-Export fehlgeschlagen</translation>
        </message>
        <message>
            <location filename="../../ui/exports/export_netbox.py" line="93" />
            <source>The NetBox files could not be made.

{error}</source>
            <translation>Die NetBox-Dateien konnten nicht erstellt werden.

{error}</translation>
        </message>
        <message>
            <location filename="../../ui/exports/export_netbox.py" line="62" />
            <source>Writing the NetBox files: {stage}…</source>
            <translation>NetBox-Dateien werden geschrieben: {stage}…</translation>
        </message>
        <message>
            <location filename="../../ui/exports/export_netbox.py" line="61" />
            <source>Writing the NetBox files…</source>
            <translation>NetBox-Dateien werden geschrieben…</translation>
        </message>
        <message>
            <location filename="../../ui/exports/export_netbox.py" line="87" />
            <source>{count} NetBox files written to {folder} (import them in the order of their numbers)</source>
            <translation>{count} NetBox-Dateien nach {folder} geschrieben (in der Reihenfolge ihrer Nummern importieren)</translation>
        </message>
        <message>
            <location filename="../../ui/exports/export_netbox.py" line="79" />
            <source>{path} is a file; the NetBox files are written into a folder.</source>
            <translation>{path} ist eine Datei; die NetBox-Dateien werden in einen Ordner geschrieben.</translation>
        </message>
    </context>
    <context>
        <name>NetboxImportResult</name>
        <message>
            <location filename="../../ui/dialogs/netbox_import.py" line="49" />
            <source>Details</source>
            <translation>Details</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/netbox_import.py" line="49" />
            <source>File</source>
            <translation>Datei</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/netbox_import.py" line="38" />
            <source>Imported devices are marked “needs data” in the catalog until their GPUs, power draw, cooling and price are filled in.</source>
            <translation>Importierte Geräte sind im Katalog als „Daten fehlen“ markiert, bis GPUs, Leistungsaufnahme, Kühlung und Preis eingetragen sind.</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/netbox_import.py" line="30" />
            <source>NetBox import</source>
            <translation>NetBox-Import</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/netbox_import.py" line="49" />
            <source>Result</source>
            <translation>Ergebnis</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/netbox_import.py" line="36" />
            <source>The import was cancelled; the files listed were done.</source>
            <translation>Der Import wurde abgebrochen; die aufgelisteten Dateien sind erledigt.</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/netbox_import.py" line="43" />
            <source>Written to: {folder}</source>
            <translation>Geschrieben nach: {folder}</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/netbox_import.py" line="53" />
            <source>failed</source>
            <translation>fehlgeschlagen</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/netbox_import.py" line="52" />
            <source>imported</source>
            <translation>importiert</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/netbox_import.py" line="57" />
            <source>line</source>
            <translation>Zeile</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/netbox_import.py" line="52" />
            <source>replaced</source>
            <translation>ersetzt</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/netbox_import.py" line="52" />
            <source>skipped</source>
            <translation>übersprungen</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/netbox_import.py" line="60" />
            <source>{entry}; needs data: {what}</source>
            <translation>{entry}; Daten fehlen: {what}</translation>
        </message>
        <message numerus="yes">
            <location filename="../../ui/dialogs/netbox_import.py" line="33" />
            <source>{ok} imported, {skipped} skipped, {failed} failed, of %n file(s).</source>
            <translation>
                <numerusform>{ok} importiert, {skipped} übersprungen, {failed} fehlgeschlagen, von %n Datei.</numerusform>
                <numerusform>{ok} importiert, {skipped} übersprungen, {failed} fehlgeschlagen, von %n Dateien.</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>NetboxPusher</name>
        <message>
            <location filename="../../ui/exports/netbox_push.py" line="67" />
            <source>API token:</source>
            <translation>API-Token:</translation>
        </message>
        <message>
            <location filename="../../ui/exports/netbox_push.py" line="112" />
            <source>An export is already running.</source>
            <translation>Ein Export läuft bereits.</translation>
        </message>
        <message>
            <location filename="../../ui/exports/netbox_push.py" line="115" />
            <source>Cancel</source>
            <translation>Abbrechen</translation>
        </message>
        <message>
            <location filename="../../ui/exports/netbox_push.py" line="115" />
            <source>Cancelling…</source>
            <translation>Wird abgebrochen…</translation>
        </message>
        <message>
            <location filename="../../ui/exports/netbox_push.py" line="111" />
            <source>Cannot push to NetBox</source>
            <translation>Kann nicht in NetBox schreiben</translation>
        </message>
        <message>
            <location filename="../../ui/exports/netbox_push.py" line="66" />
            <source>NetBox address:</source>
            <translation>NetBox-Adresse:</translation>
        </message>
        <message>
            <location filename="../../ui/exports/netbox_push.py" line="115" />
            <source>NetBox push cancelled</source>
            <translation>Schreiben in NetBox abgebrochen</translation>
        </message>
        <message>
            <location filename="../../ui/exports/netbox_push.py" line="114" />
            <source>NetBox push failed</source>
            <translation>Schreiben in NetBox fehlgeschlagen</translation>
        </message>
        <message>
            <location filename="../../ui/exports/netbox_push.py" line="51" />
            <source>New from Live NetBox</source>
            <translation>Neu aus laufendem NetBox</translation>
        </message>
        <message>
            <location filename="../../ui/exports/netbox_push.py" line="46" />
            <location filename="../../ui/exports/netbox_push.py" line="111" />
            <source>Push to NetBox</source>
            <translation>In NetBox schreiben</translation>
        </message>
        <message>
            <location filename="../../ui/exports/netbox_push.py" line="114" />
            <source>Pushing the plan to NetBox site {name}…</source>
            <translation>Der Plan wird in den NetBox-Standort {name} geschrieben…</translation>
        </message>
        <message>
            <location filename="../../ui/exports/netbox_push.py" line="113" />
            <source>Pushing the plan to NetBox: {stage}…</source>
            <translation>Der Plan wird in NetBox geschrieben: {stage}…</translation>
        </message>
        <message>
            <location filename="../../ui/exports/netbox_push.py" line="112" />
            <source>Pushing the plan to NetBox…</source>
            <translation>Der Plan wird in NetBox geschrieben…</translation>
        </message>
        <message>
            <location filename="../../ui/exports/netbox_push.py" line="68" />
            <source>Site:</source>
            <translation>Standort:</translation>
        </message>
        <message>
            <location filename="../../ui/exports/netbox_push.py" line="142" />
            <source>The plan could not be pushed to NetBox.

{error}</source>
            <translation>Der Plan konnte nicht in NetBox geschrieben werden.

{error}</translation>
        </message>
        <message>
            <location filename="../../ui/exports/netbox_push.py" line="64" />
            <source>Verify the TLS certificate</source>
            <translation>TLS-Zertifikat prüfen</translation>
        </message>
        <message>
            <location filename="../../ui/exports/netbox_push.py" line="95" />
            <source>comparing with NetBox</source>
            <translation>Vergleich mit NetBox</translation>
        </message>
        <message>
            <location filename="../../ui/exports/netbox_push.py" line="92" />
            <source>connecting</source>
            <translation>Verbindung wird aufgebaut</translation>
        </message>
        <message>
            <location filename="../../ui/exports/netbox_push.py" line="98" />
            <source>pushing</source>
            <translation>Schreiben</translation>
        </message>
        <message>
            <location filename="../../ui/exports/netbox_push.py" line="134" />
            <source>{count} changes made in NetBox site {site}</source>
            <translation>{count} Änderungen im NetBox-Standort {site} gemacht</translation>
        </message>
        <message>
            <location filename="../../ui/exports/netbox_push.py" line="132" />
            <source>{count} changes made in NetBox site {site}; {left} cables left out (a termination is not in NetBox)</source>
            <translation>{count} Änderungen im NetBox-Standort {site} gemacht; {left} Kabel ausgelassen (ein Anschluss ist nicht in NetBox)</translation>
        </message>
    </context>
    <context>
        <name>NetboxSiteDialog</name>
        <message>
            <location filename="../../ui/dialogs/netbox_site.py" line="40" />
            <source>Browse…</source>
            <translation>Durchsuchen…</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/netbox_site.py" line="22" />
            <source>CSV export (*.csv);;All files (*)</source>
            <translation>CSV-Export (*.csv);;Alle Dateien (*)</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/netbox_site.py" line="37" />
            <source>Device types export</source>
            <translation>Export der Gerätetypen</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/netbox_site.py" line="36" />
            <source>Devices export</source>
            <translation>Export der Geräte</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/netbox_site.py" line="60" />
            <source>NetBox CSV export</source>
            <translation>NetBox-CSV-Export</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/netbox_site.py" line="29" />
            <source>New from NetBox Site</source>
            <translation>Neu aus NetBox-Standort</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/netbox_site.py" line="36" />
            <source>Racks export (required)</source>
            <translation>Racks-Export (erforderlich)</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/netbox_site.py" line="30" />
            <source>Start a plan from the hall as it stands: choose NetBox's CSV exports of the site's racks and devices (Export &gt; CSV on each list). Devices whose type is not in the catalog are listed, not placed; the device-types export helps match types.</source>
            <translation>Einen Plan mit der Halle im Ist-Zustand beginnen: die CSV-Exporte der Racks und Geräte des Standorts aus NetBox wählen (Export &gt; CSV in jeder Liste). Geräte, deren Typ nicht im Katalog steht, werden aufgelistet, nicht platziert; der Gerätetyp-Export hilft beim Zuordnen.</translation>
        </message>
    </context>
    <context>
        <name>NewFromTemplateDialog</name>
        <message>
            <location filename="../../ui/design/templates.py" line="255" />
            <source>(none stated)</source>
            <translation>(nicht angegeben)</translation>
        </message>
        <message>
            <location filename="../../ui/design/templates.py" line="202" />
            <source>Building {title}… ({done} of {total} ready)</source>
            <translation>Erstelle {title}… ({done} von {total} fertig)</translation>
        </message>
        <message>
            <location filename="../../ui/design/templates.py" line="263" />
            <source>Building…</source>
            <translation>Wird erstellt…</translation>
        </message>
        <message>
            <location filename="../../ui/design/templates.py" line="127" />
            <source>Capex</source>
            <translation>Investitionskosten</translation>
        </message>
        <message>
            <location filename="../../ui/design/templates.py" line="284" />
            <source>Capex incomplete: these items have no price (or no exchange rate) and are left out:
{items}</source>
            <translation>Investitionskosten unvollständig: Diese Positionen haben keinen Preis (oder keinen Wechselkurs) und fehlen:
{items}</translation>
        </message>
        <message>
            <location filename="../../ui/design/templates.py" line="128" />
            <source>Check</source>
            <translation>Prüfen</translation>
        </message>
        <message>
            <location filename="../../ui/design/templates.py" line="161" />
            <source>Create Plan</source>
            <translation>Plan erstellen</translation>
        </message>
        <message>
            <location filename="../../ui/design/templates.py" line="302" />
            <source>Creating {title} when it is built…</source>
            <translation>{title} wird erstellt, sobald er gebaut ist…</translation>
        </message>
        <message>
            <location filename="../../ui/design/templates.py" line="126" />
            <source>GPUs</source>
            <translation>GPUs</translation>
        </message>
        <message>
            <location filename="../../ui/design/templates.py" line="127" />
            <source>IT load</source>
            <translation>IT-Last</translation>
        </message>
        <message>
            <location filename="../../ui/design/templates.py" line="126" />
            <source>Meant for</source>
            <translation>Gedacht für</translation>
        </message>
        <message>
            <location filename="../../ui/design/templates.py" line="82" />
            <source>New from Template</source>
            <translation>Neu aus Vorlage</translation>
        </message>
        <message>
            <location filename="../../ui/design/templates.py" line="127" />
            <source>Racks</source>
            <translation>Racks</translation>
        </message>
        <message>
            <location filename="../../ui/design/templates.py" line="258" />
            <source>This template could not be built: {reason}</source>
            <translation>Diese Vorlage konnte nicht aufgebaut werden: {reason}</translation>
        </message>
        <message>
            <location filename="../../ui/design/templates.py" line="288" />
            <source>{errors} errors, {warnings} warnings</source>
            <translation>{errors} Fehler, {warnings} Warnungen</translation>
        </message>
        <message>
            <location filename="../../ui/design/templates.py" line="198" />
            <source>{n} reference designs</source>
            <translation>{n} Referenzdesigns</translation>
        </message>
    </context>
    <context>
        <name>NvlinkAutowirer</name>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="716" />
            <source>An NVLink auto-wire is already running</source>
            <translation>Eine NVLink-Autoverkabelung läuft bereits</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/wiring.py" line="713" />
            <source>Select an NVL72 rack (or a tray in it) to wire its NVLink domain</source>
            <translation>Ein NVL72-Rack (oder einen Tray darin) auswählen, um seine NVLink-Domäne zu verkabeln</translation>
        </message>
    </context>
    <context>
        <name>OpenFromRepositoryDialog</name>
        <message>
            <location filename="../../ui/dialogs/repository.py" line="79" />
            <location filename="../../ui/dialogs/repository.py" line="84" />
            <source>Author</source>
            <translation>Autor</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/repository.py" line="85" />
            <source>Changes</source>
            <translation>Änderungen</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/repository.py" line="72" />
            <source>Connect</source>
            <translation>Verbinden</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/repository.py" line="161" />
            <source>Connecting…</source>
            <translation>Verbinde…</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/repository.py" line="159" />
            <source>Enter the repository's URL, e.g. {hint}</source>
            <translation>URL des Repositorys eingeben, z. B. {hint}</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/repository.py" line="80" />
            <source>GPUs</source>
            <translation>GPUs</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/repository.py" line="84" />
            <source>Message</source>
            <translation>Meldung</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/repository.py" line="205" />
            <source>New name of “{name}” in the repository (its history goes with it):</source>
            <translation>Neuer Name von „{name}“ im Repository (seine Geschichte geht mit):</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/repository.py" line="63" />
            <source>Open from Repository</source>
            <translation>Aus Repository öffnen</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/repository.py" line="79" />
            <source>Plan</source>
            <translation>Plan</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/repository.py" line="219" />
            <source>Remove Plan</source>
            <translation>Plan entfernen</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/repository.py" line="220" />
            <source>Remove “{name}” from the repository's list?

Its revisions are kept: it can be restored under “Show removed plans”.</source>
            <translation>„{name}“ aus der Liste des Repositorys entfernen?

Seine Revisionen bleiben erhalten: er lässt sich unter „Entfernte Pläne zeigen“ wiederherstellen.</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/repository.py" line="224" />
            <source>Removed “{name}”; its revisions are kept.</source>
            <translation>„{name}“ entfernt; seine Revisionen bleiben erhalten.</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/repository.py" line="100" />
            <source>Removes the plan from the list; its revisions are kept and it can be restored</source>
            <translation>Entfernt den Plan aus der Liste; seine Revisionen bleiben erhalten und er lässt sich wiederherstellen</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/repository.py" line="98" />
            <source>Remove…</source>
            <translation>Entfernen…</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/repository.py" line="204" />
            <source>Rename Plan</source>
            <translation>Plan umbenennen</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/repository.py" line="211" />
            <source>Renamed “{old}” to “{new}”.</source>
            <translation>„{old}“ in „{new}“ umbenannt.</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/repository.py" line="96" />
            <source>Rename…</source>
            <translation>Umbenennen…</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/repository.py" line="109" />
            <source>Repository:</source>
            <translation>Repository:</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/repository.py" line="102" />
            <source>Restore</source>
            <translation>Wiederherstellen</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/repository.py" line="232" />
            <source>Restored “{name}”.</source>
            <translation>„{name}“ wiederhergestellt.</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/repository.py" line="79" />
            <location filename="../../ui/dialogs/repository.py" line="84" />
            <source>Revision</source>
            <translation>Revision</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/repository.py" line="76" />
            <source>Search plans by name</source>
            <translation>Pläne nach Namen suchen</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/repository.py" line="94" />
            <source>Show removed plans</source>
            <translation>Entfernte Pläne zeigen</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/repository.py" line="79" />
            <location filename="../../ui/dialogs/repository.py" line="84" />
            <source>Time</source>
            <translation>Zeit</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/repository.py" line="71" />
            <location filename="../../ui/dialogs/repository.py" line="159" />
            <source>postgresql+psycopg://user@host:5432/database</source>
            <translation>postgresql+psycopg://benutzer@host:5432/datenbank</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/repository.py" line="264" />
            <source>{message} (merged with {rev})</source>
            <translation>{message} (zusammengeführt mit {rev})</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/repository.py" line="175" />
            <source>{n} plan(s) in the repository.</source>
            <translation>Pläne im Repository: {n}.</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/repository.py" line="173" />
            <source>{n} removed plan(s) in the repository.</source>
            <translation>Entfernte Pläne im Repository: {n}.</translation>
        </message>
    </context>
    <context>
        <name>PhasesDialog</name>
        <message>
            <location filename="../../ui/dialogs/phases.py" line="83" />
            <source>Add Phase</source>
            <translation>Stufe hinzufügen</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/phases.py" line="57" />
            <source>Capex added</source>
            <translation>Capex neu</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/phases.py" line="57" />
            <source>Capex total</source>
            <translation>Capex gesamt</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/phases.py" line="64" />
            <source>Double-click to list this phase's findings</source>
            <translation>Doppelklick listet die Befunde dieser Ausbaustufe</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/phases.py" line="73" />
            <source>Each phase is the build as it stands when it is done: everything of that phase and the ones before. A rack, device, cable, feed or loop that names no phase belongs to the first.</source>
            <translation>Jede Ausbaustufe ist der Aufbau, wie er nach ihrem Abschluss steht: alles dieser und der vorigen Stufen. Ein Rack, Gerät, Kabel, eine Einspeisung oder ein Kreislauf ohne Angabe gehört zur ersten.</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/phases.py" line="85" />
            <source>Earlier</source>
            <translation>Früher</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/phases.py" line="57" />
            <source>Errors</source>
            <translation>Fehler</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/phases.py" line="56" />
            <source>GPUs</source>
            <translation>GPUs</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/phases.py" line="52" />
            <source>Growth Phases</source>
            <translation>Ausbaustufen</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/phases.py" line="86" />
            <source>Later</source>
            <translation>Später</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/phases.py" line="91" />
            <source>List the findings of the build as it stands after the phase chosen in the table, in the Findings panel</source>
            <translation>Die Befunde des Aufbaus, wie er nach der in der Tabelle gewählten Ausbaustufe dasteht, im Bereich Befunde auflisten</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/phases.py" line="56" />
            <source>Phase</source>
            <translation>Ausbaustufe</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/phases.py" line="195" />
            <source>Phase {n}</source>
            <translation>Stufe {n}</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/phases.py" line="87" />
            <source>Put Selection into Phase</source>
            <translation>Auswahl der Stufe zuordnen</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/phases.py" line="56" />
            <source>Racks</source>
            <translation>Racks</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/phases.py" line="84" />
            <source>Remove</source>
            <translation>Entfernen</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/phases.py" line="90" />
            <source>Show Findings</source>
            <translation>Befunde zeigen</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/phases.py" line="56" />
            <source>Start</source>
            <translation>Beginn</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/phases.py" line="88" />
            <source>The selected racks, devices, feeds, loops and cables join the phase chosen in the table (one undo step)</source>
            <translation>Die ausgewählten Racks, Geräte, Einspeisungen, Kreisläufe und Kabel kommen zur in der Tabelle gewählten Stufe (ein Rückgängig-Schritt)</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/phases.py" line="59" />
            <source>When the phase goes into operation: 2027-07, 15.07.2027, Q3 2027 (stored as its first month, 2027-07), 07.2027 or July 2027</source>
            <translation>Wann die Ausbaustufe in Betrieb geht: 2027-07, 15.07.2027, Q3 2027 (gespeichert als sein erster Monat, 2027-07), 07.2027 oder Juli 2027</translation>
        </message>
    </context>
    <context>
        <name>PlanExporter</name>
        <message>
            <location filename="../../ui/exports/exporting.py" line="176" />
            <source>{name} could not be written.

{reason}</source>
            <translation>{name} konnte nicht geschrieben werden.

{reason}</translation>
        </message>
        <message>
            <location filename="../../ui/exports/exporting.py" line="172" />
            <source>{name} could not be written.

{reason}

If the file is open in another program (Excel and PDF viewers lock the files they have open), close it there and export again.</source>
            <translation>{name} konnte nicht geschrieben werden.

{reason}

Ist die Datei in einem anderen Programm geöffnet (Excel und PDF-Betrachter sperren geöffnete Dateien), dort schließen und erneut exportieren.</translation>
        </message>
    </context>
    <context>
        <name>PlanSettingsDialog</name>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="196" />
            <source> % of capex per year</source>
            <translation> % der Investitionskosten pro Jahr</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="189" />
            <source> years</source>
            <translation> Jahre</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="517" />
            <source> {cur}/kW per month</source>
            <translation> {cur}/kW pro Monat</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="570" />
            <source>%1 (%2 KiB)</source>
            <translation>%1 (%2 KiB)</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="97" />
            <source>A PNG or JPEG image of at most 512 KiB, printed at the top right of the build plan's cover; saved inside the plan</source>
            <translation>Ein PNG- oder JPEG-Bild von höchstens 512 KiB, oben rechts auf dem Deckblatt des Aufbauplans gedruckt; wird im Plan gespeichert</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="131" />
            <source>Add Rate</source>
            <translation>Tarif hinzufügen</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="322" />
            <source>Air</source>
            <translation>Luft</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="78" />
            <source>Author</source>
            <translation>Autor</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="317" />
            <source>Budget (capex at most)</source>
            <translation>Budget (Investitionskosten höchstens)</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="213" />
            <source>Catalog price</source>
            <translation>Katalogpreis</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="95" />
            <source>Choose...</source>
            <translation>Wählen...</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="221" />
            <source>Cloud price per GPU-hour</source>
            <translation>Cloud-Preis pro GPU-Stunde</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="205" />
            <source>Colocation price</source>
            <translation>Colocation-Preis</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="330" />
            <source>Cooling allowed (none ticked: any)</source>
            <translation>Zulässige Kühlung (nichts angekreuzt: jede)</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="241" />
            <source>Cooling units</source>
            <translation>Kühlgeräte</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="107" />
            <source>Cover logo</source>
            <translation>Logo auf dem Deckblatt</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="584" />
            <source>Cover logo: %1</source>
            <translation>Logo auf dem Deckblatt: %1</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="121" />
            <location filename="../../ui/dialogs/plan_settings.py" line="124" />
            <source>Currency</source>
            <translation>Währung</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="76" />
            <source>Customer</source>
            <translation>Kunde</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="323" />
            <source>Direct liquid</source>
            <translation>Direkte Flüssigkeitskühlung</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="159" />
            <source>Electricity price</source>
            <translation>Strompreis</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="424" />
            <source>Empty: the default for the country, {g} g CO₂/kWh ({source}, {year}).</source>
            <translation>Leer: die Vorgabe für das Land, {g} g CO₂/kWh ({source}, {year}).</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="412" />
            <source>Energy</source>
            <translation>Energie</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="174" />
            <source>Energy per year = typical IT power × PUE × 8,760 h × utilisation; its cost at the electricity price.</source>
            <translation>Energie pro Jahr = typische IT-Leistung × PUE × 8.760 h × Auslastung; ihre Kosten zum Strompreis.</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="87" />
            <source>Europe: 400 V three-phase feeds of 16, 32 or 63 A on IEC 60309 plugs and EU PDUs, rated without the 80 % rule; North America: 208/415 V, 60 Hz, NEC 80 %. New feeds and generated power follow it; existing feeds stay as they are.</source>
            <translation>Europa: 400-V-Drehstromeinspeisungen mit 16, 32 oder 63 A an CEE-Steckern (IEC 60309) und EU-PDUs, ohne die 80-%-Regel bemessen; Nordamerika: 208/415 V, 60 Hz, NEC 80 %. Neue Einspeisungen und erzeugte Stromversorgung folgen ihr; bestehende Einspeisungen bleiben, wie sie sind.</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="148" />
            <source>Exchange rates</source>
            <translation>Wechselkurse</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="334" />
            <source>Floor area at most (m²)</source>
            <translation>Fläche höchstens (m²)</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="365" />
            <source>For the energy figures of the build plan: energy per year, reusable waste heat, energy reuse factor, water, CO₂. For a site in Germany the plan is checked against the Energy Efficiency Act (EnEfG). Empty fields: not stated.</source>
            <translation>Für die Energiekennzahlen des Aufbauplans: Energie pro Jahr, nutzbare Abwärme, Anteil wiederverwendeter Energie, Wasser, CO₂. Für einen Standort in Deutschland wird der Plan gegen das Energieeffizienzgesetz (EnEfG) geprüft. Leere Felder: nicht angegeben.</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="213" />
            <source>GPU</source>
            <translation>GPU</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="340" />
            <source>GPU models</source>
            <translation>GPU-Modelle</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="109" />
            <source>General</source>
            <translation>Allgemein</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="386" />
            <source>Grid emission factor (g CO₂/kWh)</source>
            <translation>Emissionsfaktor Strom (g CO₂/kWh)</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="397" />
            <source>Heat customer</source>
            <translation>Wärmeabnehmer</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="323" />
            <source>Immersion</source>
            <translation>Immersionskühlung</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="349" />
            <source>Internal notes</source>
            <translation>Interne Notizen</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="179" />
            <source>Money</source>
            <translation>Geld</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="260" />
            <source>Names</source>
            <translation>Namen</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="523" />
            <source>No GPUs in the plan yet: place GPU servers to set their cloud price.</source>
            <translation>Noch keine GPUs im Plan: GPU-Server platzieren, um ihren Cloud-Preis festzulegen.</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="420" />
            <source>No default for this country: without a factor no CO₂ is computed.</source>
            <translation>Keine Vorgabe für dieses Land: ohne Faktor wird kein CO₂ berechnet.</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="80" />
            <source>Notes</source>
            <translation>Anmerkungen</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="242" />
            <source>Other devices</source>
            <translation>Andere Geräte</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="241" />
            <source>PDUs</source>
            <translation>PDUs</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="166" />
            <source>PUE</source>
            <translation>PUE</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="231" />
            <source>Patterns for new, pasted and duplicated items: {n} is a running number ({n:02} gives 01, 02, ...), {row}, {rack} and {room} the names of where the item goes. Empty: racks continue the last rack's name, devices get their model and a number.</source>
            <translation>Muster für neue, eingefügte und duplizierte Elemente: {n} ist eine laufende Nummer ({n:02} ergibt 01, 02, …), {row}, {rack} und {room} die Namen des Ziels. Leer: Racks setzen den Namen des letzten Racks fort, Geräte erhalten ihr Modell und eine Nummer.</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="58" />
            <source>Plan Settings</source>
            <translation>Planeinstellungen</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="319" />
            <source>Power per rack at most (kW)</source>
            <translation>Leistung je Rack höchstens (kW)</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="241" />
            <source>Power shelves</source>
            <translation>Power-Shelves</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="214" />
            <source>Price for this plan</source>
            <translation>Preis für diesen Plan</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="519" />
            <source>Price for this plan in {cur} per GPU-hour; blank uses the catalog's indicative price (converted at the exchange rates). Rent or own uses the most numerous GPU model.</source>
            <translation>Preis für diesen Plan in {cur} pro GPU-Stunde; leer nutzt den Richtpreis des Katalogs (zu den Wechselkursen umgerechnet). Mieten oder kaufen nutzt das häufigste GPU-Modell.</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="347" />
            <source>Prices still to get, checks to do: printed on the internal checklist, never in the customer's build plan</source>
            <translation>Noch einzuholende Preise, offene Prüfungen: stehen auf der internen Checkliste, nie im Aufbauplan des Kunden</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="77" />
            <source>Project</source>
            <translation>Projekt</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="239" />
            <source>Racks</source>
            <translation>Racks</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="332" />
            <source>Racks at most</source>
            <translation>Racks höchstens</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="124" />
            <source>Rate</source>
            <translation>Kurs</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="528" />
            <source>Rate: how many {cur} one unit of the other currency buys (plan in EUR: USD 0.92 means 1 USD = 0.92 EUR).</source>
            <translation>Kurs: wie viel {cur} eine Einheit der anderen Währung kostet (Plan in EUR: USD 0,92 heißt 1 USD = 0,92 EUR).</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="152" />
            <source>Rates as of</source>
            <translation>Kurse vom</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="322" />
            <source>Rear-door heat exchanger</source>
            <translation>Rückkühltür</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="99" />
            <source>Remove</source>
            <translation>Entfernen</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="134" />
            <source>Remove Rate</source>
            <translation>Kurs entfernen</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="394" />
            <source>Renewable share (%)</source>
            <translation>Anteil erneuerbarer Energien (%)</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="226" />
            <source>Rent or Own</source>
            <translation>Mieten oder kaufen</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="302" />
            <source>Request in the customer's words</source>
            <translation>Anfrage in den Worten des Kunden</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="350" />
            <source>Requirements</source>
            <translation>Anforderungen</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="79" />
            <source>Revision</source>
            <translation>Revision</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="239" />
            <source>Rooms</source>
            <translation>Räume</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="239" />
            <source>Rows</source>
            <translation>Reihen</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="337" />
            <source>Server vendors</source>
            <translation>Serverhersteller</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="240" />
            <source>Servers</source>
            <translation>Server</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="399" />
            <source>Share of the liquid-cooled heat taken (%)</source>
            <translation>Abgenommener Anteil der flüssigkeitsgekühlten Wärme (%)</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="75" />
            <source>Site</source>
            <translation>Standort</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="380" />
            <source>Site country</source>
            <translation>Land des Standorts</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="90" />
            <source>Site region</source>
            <translation>Standortregion</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="206" />
            <source>Space and power per kW of committed IT power (the maximum draw) and month; 0 for the customer's own hall.</source>
            <translation>Fläche und Strom pro kW zugesagter IT-Leistung (maximale Aufnahme) und Monat; 0 für die eigene Halle des Kunden.</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="384" />
            <source>Start of operation</source>
            <translation>Betriebsaufnahme</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="240" />
            <source>Storage</source>
            <translation>Speicher</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="198" />
            <source>Support and maintenance</source>
            <translation>Support und Wartung</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="240" />
            <source>Switches</source>
            <translation>Switches</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="531" />
            <source>The plan's catalog prices are in {list}.</source>
            <translation>Die Katalogpreise des Plans sind in {list}.</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="173" />
            <source>Utilisation</source>
            <translation>Auslastung</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="404" />
            <source>Water use (WUE, l/kWh)</source>
            <translation>Wassernutzung (WUE, l/kWh)</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="293" />
            <source>What the customer asked for. The build plan's first section lists each line with the build's result, and the approvals sign against it. Empty fields: not stated.</source>
            <translation>Was der Kunde verlangt hat. Der erste Abschnitt des Aufbauplans listet jede Zeile mit dem Ergebnis des Aufbaus, und die Freigaben unterzeichnen dagegen. Leere Felder: nicht vorgegeben.</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="191" />
            <source>Years of use</source>
            <translation>Nutzungsjahre</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="342" />
            <source>Years of use (as asked)</source>
            <translation>Nutzungsjahre (wie verlangt)</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="403" />
            <source>as the site's cooling states it</source>
            <translation>laut Angabe der Kühlung am Standort</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="339" />
            <source>catalog GPU slugs, e.g. h100-sxm, h200 (empty: any)</source>
            <translation>Katalog-Kennungen, z. B. h100-sxm, h200 (leer: jede)</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="423" />
            <source>default {g}</source>
            <translation>Vorgabe {g}</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="393" />
            <source>e.g. 100 (green tariff, PPA)</source>
            <translation>z. B. 100 (Ökostromtarif, PPA)</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="301" />
            <source>e.g. 500 employees, chat assistant, answers within 2 s</source>
            <translation>z. B. 500 Mitarbeitende, Chat-Assistent, Antworten innerhalb von 2 s</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="336" />
            <source>e.g. Dell, Supermicro (empty: any)</source>
            <translation>z. B. Dell, Supermicro (leer: jeder)</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="396" />
            <source>e.g. municipal district heating network</source>
            <translation>z. B. kommunales Fernwärmenetz</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="151" />
            <location filename="../../ui/dialogs/plan_settings.py" line="248" />
            <source>e.g. {example}</source>
            <translation>z. B. {example}</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="382" />
            <source>e.g. {example} or a month</source>
            <translation>z. B. {example} oder ein Monat</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="553" />
            <source>invalid</source>
            <translation>ungültig</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="570" />
            <source>logo</source>
            <translation>Logo</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="497" />
            <location filename="../../ui/dialogs/plan_settings.py" line="568" />
            <source>none</source>
            <translation>keine</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="372" />
            <source>not stated</source>
            <translation>nicht angegeben</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/plan_settings.py" line="401" />
            <source>or heat taken per year (MWh)</source>
            <translation>oder abgenommene Wärme pro Jahr (MWh)</translation>
        </message>
    </context>
    <context>
        <name>Power</name>
        <message>
            <location filename="../../ui/dialogs/power.py" line="85" />
            <source>(no engine results yet)</source>
            <translation>(noch keine Berechnungsergebnisse)</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="86" />
            <source>{load:.1f} kW normal, {fail:.1f} kW on failover of {cap:.1f} kW ({util:.0f} %)</source>
            <translation>{load:.1f} kW normal, {fail:.1f} kW bei Ausfall, von {cap:.1f} kW ({util:.0f} %)</translation>
        </message>
    </context>
    <context>
        <name>PowerDialog</name>
        <message>
            <location filename="../../ui/dialogs/power.py" line="325" />
            <source>A new feed on the selected source (on the other side than the last feed)</source>
            <translation>Eine neue Einspeisung an der gewählten Stromquelle (auf der anderen Seite als die letzte Einspeisung)</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="330" />
            <source>Add A+B Feeds for Selected Racks</source>
            <translation>A+B-Einspeisungen für die gewählten Racks anlegen</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="323" />
            <source>Add Feed</source>
            <translation>Einspeisung hinzufügen</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="313" />
            <source>Add UPS / Panel</source>
            <translation>USV / Verteilung hinzufügen</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="291" />
            <source>Capacity kW</source>
            <translation>Kapazität kW</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="341" />
            <location filename="../../ui/dialogs/power.py" line="567" />
            <source>Delete</source>
            <translation>Löschen</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="565" />
            <source>Disconnect its PDUs and delete the feed?</source>
            <translation>Die PDUs trennen und die Einspeisung löschen?</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="395" />
            <source>Feed</source>
            <translation>Einspeisung</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="401" />
            <source>Feeds on no source</source>
            <translation>Einspeisungen ohne Stromquelle</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="566" />
            <source>Hang what it supplies on its own upstream (or nothing) and delete it?</source>
            <translation>Was sie versorgt, an ihre eigene Vorstufe (oder nichts) hängen und sie löschen?</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="290" />
            <source>Kind</source>
            <translation>Art</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="290" />
            <source>Load / failover kW</source>
            <translation>Last / Ausfall kW</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="290" />
            <source>Name</source>
            <translation>Name</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="284" />
            <source>Power Feeds and Sources</source>
            <translation>Einspeisungen und Stromquellen</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="301" />
            <source>Select a power source or a feed to edit it, or add one below.</source>
            <translation>Eine Stromquelle oder Einspeisung zum Bearbeiten wählen oder unten eine hinzufügen.</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="536" />
            <source>Select one or more racks (or devices in them) first, or pick them here.</source>
            <translation>Zuerst ein oder mehrere Racks (oder Geräte darin) im Plan wählen oder hier auswählen.</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="550" />
            <source>Select one or more racks (or devices in them) first.</source>
            <translation>Zuerst ein oder mehrere Racks (oder Geräte darin) wählen.</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="290" />
            <source>Side</source>
            <translation>Seite</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="332" />
            <source>Two feeds per selected rack, named after it, with its unconnected PDUs on them (left PDUs on A, right on B); on the selected source. The arrow picks racks without selecting them in the plan.</source>
            <translation>Zwei Einspeisungen pro gewähltem Rack, nach ihm benannt, mit seinen nicht verbundenen PDUs daran (linke PDUs an A, rechte an B); an der gewählten Stromquelle. Der Pfeil wählt Racks, ohne sie im Plan auszuwählen.</translation>
        </message>
    </context>
    <context>
        <name>PowerForm</name>
        <message>
            <location filename="../../ui/dialogs/power.py" line="267" />
            <source>(none yet: pick this feed in a PDU's Inspector)</source>
            <translation>(noch keine: diese Einspeisung im Inspektor einer PDU wählen)</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="191" />
            <location filename="../../ui/dialogs/power.py" line="219" />
            <source>(none)</source>
            <translation>(keine)</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="272" />
            <source>(nothing yet: hang feeds or panels off it)</source>
            <translation>(noch nichts: Einspeisungen oder Unterverteilungen daran hängen)</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="204" />
            <source>1-phase</source>
            <translation>1-phasig</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="204" />
            <source>3-phase</source>
            <translation>3-phasig</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="205" />
            <source>Breaker</source>
            <translation>Sicherung</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="218" />
            <source>Capacity</source>
            <translation>Kapazität</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="207" />
            <source>Continuous load</source>
            <translation>Dauerlast</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="120" />
            <source>Engine</source>
            <translation>Berechnung</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="210" />
            <source>Fraction of the breaker rating the feed may carry continuously (NEC: 0.8); 'engine default' uses the setting</source>
            <translation>Anteil der Sicherungsnennstroms, den die Einspeisung dauerhaft tragen darf (NEC: 0,8); „Berechnungsstandard“ nutzt die Einstellung</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="202" />
            <location filename="../../ui/dialogs/power.py" line="220" />
            <source>Hangs off</source>
            <translation>Hängt an</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="217" />
            <source>Kind</source>
            <translation>Art</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="200" />
            <location filename="../../ui/dialogs/power.py" line="216" />
            <source>Name</source>
            <translation>Name</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="212" />
            <source>PDUs</source>
            <translation>PDUs</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="204" />
            <source>Phases</source>
            <translation>Phasen</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="206" />
            <source>Power factor</source>
            <translation>Leistungsfaktor</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="201" />
            <location filename="../../ui/dialogs/power.py" line="219" />
            <source>Side</source>
            <translation>Seite</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="221" />
            <source>Supplies</source>
            <translation>Versorgt</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="203" />
            <source>Voltage</source>
            <translation>Spannung</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/power.py" line="208" />
            <source>engine default</source>
            <translation>Berechnungsstandard</translation>
        </message>
    </context>
    <context>
        <name>PriceImportDialog</name>
        <message>
            <location filename="../../ui/dialogs/price_import.py" line="72" />
            <source>Catalog entry</source>
            <translation>Katalogeintrag</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/price_import.py" line="82" />
            <source>Could not be read ({n})</source>
            <translation>Nicht lesbar ({n})</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/price_import.py" line="73" />
            <source>Currency</source>
            <translation>Währung</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/price_import.py" line="73" />
            <source>Date</source>
            <translation>Datum</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/price_import.py" line="78" />
            <source>Field</source>
            <translation>Feld</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/price_import.py" line="72" />
            <location filename="../../ui/dialogs/price_import.py" line="76" />
            <location filename="../../ui/dialogs/price_import.py" line="78" />
            <source>Line</source>
            <translation>Zeile</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/price_import.py" line="80" />
            <source>Matched ({n})</source>
            <translation>Zugeordnet ({n})</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/price_import.py" line="81" />
            <source>Not matched ({n})</source>
            <translation>Nicht zugeordnet ({n})</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/price_import.py" line="63" />
            <source>Nothing was written: no row matched. An earlier import of this list is kept.</source>
            <translation>Nichts geschrieben: keine Zeile passte. Ein früherer Import dieser Liste bleibt erhalten.</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/price_import.py" line="72" />
            <source>Price</source>
            <translation>Preis</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/price_import.py" line="47" />
            <source>Price List Imported</source>
            <translation>Preisliste importiert</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/price_import.py" line="47" />
            <source>Price List Not Imported</source>
            <translation>Preisliste nicht importiert</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/price_import.py" line="66" />
            <source>Prices in {currencies} count in this plan's capex only with an exchange rate to {plan} (Plan Settings).</source>
            <translation>Preise in {currencies} zählen in den Investitionskosten dieses Plans nur mit einem Wechselkurs zu {plan} (Planeinstellungen).</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/price_import.py" line="78" />
            <source>Problem</source>
            <translation>Problem</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/price_import.py" line="59" />
            <source>The prices are in the user catalog as the price list “{name}” (importing it again replaces it); the capex is recalculated.</source>
            <translation>Die Preise stehen im Benutzerkatalog als Preisliste „{name}“ (ein erneuter Import ersetzt sie); die Investitionskosten werden neu berechnet.</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/price_import.py" line="73" />
            <location filename="../../ui/dialogs/price_import.py" line="76" />
            <source>The row named</source>
            <translation>Die Reihe namens</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/price_import.py" line="76" />
            <source>Why</source>
            <translation>Grund</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/price_import.py" line="54" />
            <source>{file}: {rows} rows read: {matched} matched, {unmatched} not matched, {bad} could not be read.</source>
            <translation>{file}: {rows} Zeilen gelesen: {matched} zugeordnet, {unmatched} nicht zugeordnet, {bad} nicht lesbar.</translation>
        </message>
    </context>
    <context>
        <name>PriceListImporter</name>
        <message>
            <location filename="../../ui/dialogs/price_import.py" line="165" />
            <source>Import Price List</source>
            <translation>Preisliste importieren</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/price_import.py" line="166" />
            <source>The price list could not be read; nothing was imported.</source>
            <translation>Die Preisliste konnte nicht gelesen werden; nichts wurde importiert.</translation>
        </message>
    </context>
    <context>
        <name>PriceOverrideDialog</name>
        <message>
            <location filename="../../ui/dialogs/price_override.py" line="107" />
            <source>Catalog price: none.</source>
            <translation>Katalogpreis: keiner.</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/price_override.py" line="109" />
            <source>Catalog price: {amount} {currency} ({basis}, {date}).</source>
            <translation>Katalogpreis: {amount} {currency} ({basis}, {date}).</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/price_override.py" line="71" />
            <source>Currency</source>
            <translation>Währung</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/price_override.py" line="72" />
            <source>Date</source>
            <translation>Datum</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/price_override.py" line="113" />
            <source>In the plan: {qty}.</source>
            <translation>Im Plan: {qty}.</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/price_override.py" line="74" />
            <source>Note</source>
            <translation>Hinweis</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/price_override.py" line="70" />
            <source>Price</source>
            <translation>Preis</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/price_override.py" line="39" />
            <source>Price for This Plan</source>
            <translation>Preis für diesen Plan</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/price_override.py" line="73" />
            <source>Source</source>
            <translation>Quelle</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/price_override.py" line="81" />
            <source>Use Catalog Price</source>
            <translation>Katalogpreis verwenden</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/price_override.py" line="66" />
            <source>e.g. distributor quote Q-2291</source>
            <translation>z. B. Händlerangebot Q-2291</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/price_override.py" line="63" />
            <source>e.g. {example}</source>
            <translation>z. B. {example}</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/price_override.py" line="52" />
            <source>price per unit</source>
            <translation>Preis pro Stück</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/price_override.py" line="42" />
            <source>{name} ({slug}): the price this plan uses instead of the catalog's, for every one in the bill of materials.</source>
            <translation>{name} ({slug}): der Preis, den dieser Plan statt des Katalogpreises nutzt, für jedes Stück in der Stückliste.</translation>
        </message>
    </context>
    <context>
        <name>RackGraphicsView</name>
        <message>
            <location filename="../../ui/scenes/rack/view.py" line="212" />
            <source>Connect {port}…</source>
            <translation>{port} verbinden…</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/rack/view.py" line="220" />
            <source>Connect…</source>
            <translation>Verbinden…</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/rack/view.py" line="273" />
            <source>Copies of {rack}:</source>
            <translation>Kopien von {rack}:</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/rack/view.py" line="226" />
            <source>Delete</source>
            <translation>Löschen</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/rack/view.py" line="233" />
            <source>Delete rack</source>
            <translation>Rack löschen</translation>
        </message>
        <message numerus="yes">
            <location filename="../../ui/scenes/rack/view.py" line="249" />
            <source>Disconnect %n cable(s)</source>
            <translation>
                <numerusform>%n Kabel trennen</numerusform>
                <numerusform>%n Kabel trennen</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../../ui/scenes/rack/view.py" line="223" />
            <source>Disconnect all (%n cable(s))</source>
            <translation>
                <numerusform>Alle trennen (%n Kabel)</numerusform>
                <numerusform>Alle trennen (%n Kabel)</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../ui/scenes/rack/view.py" line="211" />
            <source>Disconnect {port}</source>
            <translation>{port} trennen</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/rack/gestures.py" line="114" />
            <location filename="../../ui/scenes/rack/gestures.py" line="173" />
            <source>Drop the device on a rack</source>
            <translation>Das Gerät auf einem Rack ablegen</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/rack/view.py" line="227" />
            <source>Duplicate</source>
            <translation>Duplizieren</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/rack/view.py" line="272" />
            <source>Duplicate rack</source>
            <translation>Rack duplizieren</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/rack/view.py" line="232" />
            <source>Duplicate rack x N…</source>
            <translation>Rack × N duplizieren…</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/rack/view.py" line="229" />
            <location filename="../../ui/scenes/rack/view.py" line="235" />
            <source>Properties</source>
            <translation>Eigenschaften</translation>
        </message>
    </context>
    <context>
        <name>RackMenu</name>
        <message numerus="yes">
            <location filename="../../ui/dialogs/rack_menu.py" line="36" />
            <source>All racks (%n)</source>
            <translation>
                <numerusform>Alle Racks (%n)</numerusform>
                <numerusform>Alle Racks (%n)</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/rack_menu.py" line="33" />
            <source>No racks in the plan yet</source>
            <translation>Noch keine Racks im Plan</translation>
        </message>
        <message numerus="yes">
            <location filename="../../ui/dialogs/rack_menu.py" line="48" />
            <source>Whole row (%n racks)</source>
            <translation>
                <numerusform>Ganze Reihe (%n Rack)</numerusform>
                <numerusform>Ganze Reihe (%n Racks)</numerusform>
            </translation>
        </message>
    </context>
    <context>
        <name>RackScene</name>
        <message>
            <location filename="../../ui/scenes/rack/scene.py" line="453" />
            <source>0U, {side} side of the {face}</source>
            <translation>0 HE, Seite {side}, {face}</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/rack/scene.py" line="553" />
            <source>1 GPU</source>
            <translation>1 GPU</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/rack/scene.py" line="242" />
            <source>FRONT</source>
            <translation>VORNE</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/rack/scene.py" line="488" />
            <source>Feed: no power cords</source>
            <translation>Einspeisung: keine Netzkabel</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/rack/scene.py" line="470" />
            <source>Feed: none assigned</source>
            <translation>Einspeisung: keine zugeordnet</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/rack/scene.py" line="477" />
            <source>Feed: the rack's DC busbar (power shelves)</source>
            <translation>Einspeisung: die DC-Stromschiene des Racks (Power-Shelves)</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/rack/scene.py" line="486" />
            <source>Feed: {feeds}</source>
            <translation>Einspeisung: {feeds}</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/rack/scene.py" line="469" />
            <source>Feed: {feed}</source>
            <translation>Einspeisung: {feed}</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/rack/scene.py" line="466" />
            <source>Load: {typical} kW typical, {max} kW max</source>
            <translation>Last: {typical} kW typisch, {max} kW maximal</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/rack/scene.py" line="472" />
            <source>Power: none counted</source>
            <translation>Leistung: nicht gezählt</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/rack/scene.py" line="464" />
            <source>Power: not calculated yet</source>
            <translation>Leistung: noch nicht berechnet</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/rack/scene.py" line="474" />
            <source>Power: {typical} kW typical, {max} kW max</source>
            <translation>Leistung: {typical} kW typisch, {max} kW maximal</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/rack/scene.py" line="242" />
            <source>REAR</source>
            <translation>HINTEN</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/rack/scene.py" line="450" />
            <source>front</source>
            <translation>vorne</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/rack/scene.py" line="452" />
            <source>left</source>
            <translation>links</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/rack/scene.py" line="278" />
            <source>not in the catalog</source>
            <translation>nicht im Katalog</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/rack/scene.py" line="450" />
            <source>rear</source>
            <translation>hinten</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/rack/scene.py" line="452" />
            <source>right</source>
            <translation>rechts</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/rack/scene.py" line="484" />
            <source>{feed} via {pdu}</source>
            <translation>{feed} über {pdu}</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/rack/scene.py" line="552" />
            <source>{load} kW (no PDU capacity)</source>
            <translation>{load} kW (keine PDU-Kapazität)</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/rack/scene.py" line="551" />
            <source>{load} kW of {cap} kW</source>
            <translation>{load} kW von {cap} kW</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/rack/scene.py" line="382" />
            <source>{name} (rear)</source>
            <translation>{name} (hinten)</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/rack/scene.py" line="553" />
            <source>{n} GPUs</source>
            <translation>{n} GPUs</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/rack/scene.py" line="340" />
            <source>{n}× {model}</source>
            <translation>{n}× {model}</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/rack/scene.py" line="485" />
            <source>{pdu} (no feed)</source>
            <translation>{pdu} (keine Einspeisung)</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/rack/scene.py" line="445" />
            <source>{slug} (not in the catalog)</source>
            <translation>{slug} (nicht im Katalog)</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/rack/scene.py" line="457" />
            <source>{span}, {face}</source>
            <translation>{span}, {face}</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/rack/scene.py" line="555" />
            <source>{used} U</source>
            <translation>{used} HE</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/rack/scene.py" line="554" />
            <source>{used}/{height} U</source>
            <translation>{used}/{height} HE</translation>
        </message>
    </context>
    <context>
        <name>RackView</name>
        <message>
            <location filename="../../ui/scenes/rack/widget.py" line="56" />
            <source>Add an empty rack at the end of this row</source>
            <translation>Ein leeres Rack am Ende dieser Reihe hinzufügen</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/rack/widget.py" line="55" />
            <source>Add rack</source>
            <translation>Rack hinzufügen</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/rack/widget.py" line="105" />
            <source>All phases</source>
            <translation>Alle Stufen</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/rack/widget.py" line="58" />
            <source>Drag devices from the catalog into a rack; Up/Down moves the selection 1U</source>
            <translation>Geräte aus dem Katalog in ein Rack ziehen; Auf/Ab verschiebt die Auswahl um 1 HE</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/rack/widget.py" line="50" />
            <source>Fit</source>
            <translation>Einpassen</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/rack/widget.py" line="66" />
            <source>Row:</source>
            <translation>Reihe:</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/rack/widget.py" line="71" />
            <source>Show phase:</source>
            <translation>Stufe zeigen:</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/rack/widget.py" line="74" />
            <source>Show the plan up to a growth phase; what later phases add is drawn as reserved (faint)</source>
            <translation>Den Plan bis zu einer Ausbaustufe zeigen; was spätere Stufen hinzufügen, erscheint als reserviert (blass)</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/rack/widget.py" line="178" />
            <source>There is no row: add one on the floor plan first</source>
            <translation>Es gibt keine Reihe: zuerst eine im Grundriss anlegen</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/rack/widget.py" line="107" />
            <source>Up to {phase}</source>
            <translation>Bis {phase}</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/rack/widget.py" line="51" />
            <source>Zoom to fit the row (Ctrl+wheel zooms)</source>
            <translation>Reihe einpassen (Strg+Mausrad zoomt)</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/rack/widget.py" line="145" />
            <source>{row} (1 rack)</source>
            <translation>{row} (1 Rack)</translation>
        </message>
        <message>
            <location filename="../../ui/scenes/rack/widget.py" line="145" />
            <source>{row} ({n} racks)</source>
            <translation>{row} ({n} Racks)</translation>
        </message>
    </context>
    <context>
        <name>RecoveryController</name>
        <message>
            <location filename="../../ui/shell/recovery.py" line="264" />
            <source>Cannot recover</source>
            <translation>Wiederherstellung nicht möglich</translation>
        </message>
    </context>
    <context>
        <name>RenameDialog</name>
        <message>
            <location filename="../../ui/dialogs/rename.py" line="53" />
            <source>First number</source>
            <translation>Erste Nummer</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/rename.py" line="60" />
            <source>New name</source>
            <translation>Neuer Name</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/rename.py" line="60" />
            <source>Now</source>
            <translation>Jetzt</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/rename.py" line="52" />
            <source>Pattern</source>
            <translation>Muster</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/rename.py" line="93" />
            <source>Pattern: {reason}</source>
            <translation>Muster: {reason}</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/rename.py" line="38" />
            <source>Rename Selection</source>
            <translation>Auswahl umbenennen</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/rename.py" line="87" />
            <source>Select racks or devices to rename.</source>
            <translation>Racks oder Geräte zum Umbenennen wählen.</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/rename.py" line="54" />
            <source>{n} counts in the order you selected the items ({n:02} gives 01, 02, ...); {rack}, {row} and {room} are each item's own rack, row and room.</source>
            <translation>{n} zählt in der Reihenfolge, in der die Elemente gewählt wurden ({n:02} ergibt 01, 02, …); {rack}, {row} und {room} sind Rack, Reihe und Raum des jeweiligen Elements.</translation>
        </message>
    </context>
    <context>
        <name>RentOwnChart</name>
        <message>
            <location filename="../../ui/panels/rent_chart.py" line="35" />
            <source>Cumulative cost</source>
            <translation>Kumulierte Kosten</translation>
        </message>
        <message>
            <location filename="../../ui/panels/rent_chart.py" line="107" />
            <source>M</source>
            <translation>Mio.</translation>
        </message>
        <message>
            <location filename="../../ui/panels/rent_chart.py" line="47" />
            <source>No GPUs in this plan: nothing to rent.</source>
            <translation>Keine GPUs in diesem Plan: nichts zu mieten.</translation>
        </message>
        <message>
            <location filename="../../ui/panels/rent_chart.py" line="38" />
            <source>Own</source>
            <translation>Kaufen</translation>
        </message>
        <message>
            <location filename="../../ui/panels/rent_chart.py" line="39" />
            <source>Rent</source>
            <translation>Mieten</translation>
        </message>
        <message>
            <location filename="../../ui/panels/rent_chart.py" line="134" />
            <source>Renting is not costed: {reason}</source>
            <translation>Mieten ist nicht berechnet: {reason}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/rent_chart.py" line="106" />
            <source>bn</source>
            <translation>Mrd.</translation>
        </message>
        <message>
            <location filename="../../ui/panels/rent_chart.py" line="90" />
            <location filename="../../ui/panels/rent_chart.py" line="122" />
            <source>break-even {months} months</source>
            <translation>Amortisation nach {months} Monaten</translation>
        </message>
        <message>
            <location filename="../../ui/panels/rent_chart.py" line="123" />
            <source>break-even {months} months ⚠</source>
            <translation>Amortisation nach {months} Monaten ⚠</translation>
        </message>
        <message>
            <location filename="../../ui/panels/rent_chart.py" line="107" />
            <source>k</source>
            <translation>Tsd.</translation>
        </message>
        <message>
            <location filename="../../ui/panels/rent_chart.py" line="31" />
            <source>months</source>
            <translation>Monate</translation>
        </message>
        <message>
            <location filename="../../ui/panels/rent_chart.py" line="124" />
            <source>⚠ capex incomplete: owning is understated and the break-even too early</source>
            <translation>⚠ Investitionskosten unvollständig: Kaufen ist zu niedrig angesetzt, die Amortisation zu früh</translation>
        </message>
    </context>
    <context>
        <name>RepositoryController</name>
        <message>
            <location filename="../../ui/shell/repository.py" line="205" />
            <source>Merged with revision {head} and saved as revision {rev} of “{name}”.</source>
            <translation>Mit Revision {head} zusammengeführt und als Revision {rev} von „{name}“ gespeichert.</translation>
        </message>
        <message>
            <location filename="../../ui/shell/repository.py" line="220" />
            <source>Name of the new plan in the repository:</source>
            <translation>Name des neuen Plans im Repository:</translation>
        </message>
        <message>
            <location filename="../../ui/shell/repository.py" line="200" />
            <source>No changes since revision {rev}; nothing saved to the repository.</source>
            <translation>Keine Änderungen seit Revision {rev}; nichts im Repository gespeichert.</translation>
        </message>
        <message>
            <location filename="../../ui/shell/repository.py" line="146" />
            <source>Open from Repository</source>
            <translation>Aus Repository öffnen</translation>
        </message>
        <message>
            <location filename="../../ui/shell/repository.py" line="143" />
            <source>Opened “{name}” revision {rev} from the repository as {file}.</source>
            <translation>„{name}“ Revision {rev} aus dem Repository als {file} geöffnet.</translation>
        </message>
        <message>
            <location filename="../../ui/shell/repository.py" line="219" />
            <source>Save as New Plan</source>
            <translation>Als neuen Plan speichern</translation>
        </message>
        <message>
            <location filename="../../ui/shell/repository.py" line="171" />
            <location filename="../../ui/shell/repository.py" line="224" />
            <source>Save to Repository</source>
            <translation>Im Repository speichern</translation>
        </message>
        <message>
            <location filename="../../ui/shell/repository.py" line="208" />
            <source>Saved as revision {rev} of “{name}”.</source>
            <translation>Als Revision {rev} von „{name}“ gespeichert.</translation>
        </message>
    </context>
    <context>
        <name>SaveToRepositoryDialog</name>
        <message>
            <location filename="../../ui/dialogs/repository.py" line="299" />
            <source>A new plan in the repository</source>
            <translation>Ein neuer Plan im Repository</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/repository.py" line="298" />
            <source>Based on revision {rev}</source>
            <translation>Beruht auf Revision {rev}</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/repository.py" line="307" />
            <source>Message:</source>
            <translation>Nachricht:</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/repository.py" line="306" />
            <source>Plan name:</source>
            <translation>Planname:</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/repository.py" line="322" />
            <source>Plan name: enter a name for the plan in the repository</source>
            <translation>Planname: einen Namen für den Plan im Repository eingeben</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/repository.py" line="305" />
            <source>Repository:</source>
            <translation>Repository:</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/repository.py" line="319" />
            <source>Repository: enter the URL, e.g. {hint}</source>
            <translation>Repository: die URL eingeben, z. B. {hint}</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/repository.py" line="288" />
            <source>Save to Repository</source>
            <translation>Im Repository speichern</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/repository.py" line="297" />
            <source>What changed, for the revision history</source>
            <translation>Was sich geändert hat, für die Revisionsgeschichte</translation>
        </message>
        <message>
            <location filename="../../ui/dialogs/repository.py" line="292" />
            <location filename="../../ui/dialogs/repository.py" line="319" />
            <source>postgresql+psycopg://user@host:5432/database</source>
            <translation>postgresql+psycopg://benutzer@host:5432/datenbank</translation>
        </message>
    </context>
    <context>
        <name>ScalingChart</name>
        <message>
            <location filename="../../ui/panels/scaling_chart.py" line="150" />
            <source>&lt;b&gt;Scaling&lt;/b&gt;</source>
            <translation>&lt;b&gt;Skalierung&lt;/b&gt;</translation>
        </message>
        <message>
            <location filename="../../ui/panels/scaling_chart.py" line="415" />
            <source>Bottleneck: {parts}</source>
            <translation>Engpass: {parts}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/scaling_chart.py" line="166" />
            <source>GPUs (log scale)</source>
            <translation>GPUs (logarithmisch)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/scaling_chart.py" line="428" />
            <source>Plan: {gpus} GPUs, {state}</source>
            <translation>Plan: {gpus} GPUs, {state}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/scaling_chart.py" line="57" />
            <source>Scaling efficiency</source>
            <translation>Skalierungseffizienz</translation>
        </message>
        <message>
            <location filename="../../ui/panels/scaling_chart.py" line="61" />
            <source>System tokens/s</source>
            <translation>System-Tokens/s</translation>
        </message>
        <message>
            <location filename="../../ui/panels/scaling_chart.py" line="148" />
            <source>The figure plotted against the GPU count</source>
            <translation>Der gegen die GPU-Anzahl aufgetragene Wert</translation>
        </message>
        <message>
            <location filename="../../ui/panels/scaling_chart.py" line="62" />
            <source>Time to first token</source>
            <translation>Zeit bis zum ersten Token</translation>
        </message>
        <message>
            <location filename="../../ui/panels/scaling_chart.py" line="55" />
            <source>Time to train</source>
            <translation>Trainingsdauer</translation>
        </message>
        <message>
            <location filename="../../ui/panels/scaling_chart.py" line="56" />
            <source>Tokens/s per GPU</source>
            <translation>Tokens/s pro GPU</translation>
        </message>
        <message>
            <location filename="../../ui/panels/scaling_chart.py" line="60" />
            <source>Tokens/s per user</source>
            <translation>Tokens/s pro Nutzer</translation>
        </message>
        <message>
            <location filename="../../ui/panels/scaling_chart.py" line="151" />
            <source>What-if: this workload on more or fewer GPUs of the same servers, sized by the planner at each count (power and cooling not included)</source>
            <translation>Was-wäre-wenn: diese Arbeitslast auf mehr oder weniger GPUs derselben Server, vom Planer für jede Anzahl dimensioniert (ohne Strom und Kühlung)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/scaling_chart.py" line="77" />
            <source>compute</source>
            <translation>Rechenleistung</translation>
        </message>
        <message>
            <location filename="../../ui/panels/scaling_chart.py" line="82" />
            <source>cooling</source>
            <translation>Kühlung</translation>
        </message>
        <message>
            <location filename="../../ui/panels/scaling_chart.py" line="55" />
            <source>days</source>
            <translation>Tage</translation>
        </message>
        <message>
            <location filename="../../ui/panels/scaling_chart.py" line="423" />
            <source>does not fit</source>
            <translation>passt nicht</translation>
        </message>
        <message>
            <location filename="../../ui/panels/scaling_chart.py" line="80" />
            <source>does not fit (GPU memory)</source>
            <translation>passt nicht (GPU-Speicher)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/scaling_chart.py" line="441" />
            <source>fewest by the inverse search: {gpus}</source>
            <translation>die wenigsten laut Rückwärtssuche: {gpus}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/scaling_chart.py" line="438" />
            <source>fewest by the inverse search: {gpus} at TP{tp}</source>
            <translation>die wenigsten laut Rückwärtssuche: {gpus} bei TP{tp}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/scaling_chart.py" line="79" />
            <source>interconnect</source>
            <translation>Interconnect</translation>
        </message>
        <message>
            <location filename="../../ui/panels/scaling_chart.py" line="427" />
            <source>meets the target</source>
            <translation>erfüllt das Ziel</translation>
        </message>
        <message>
            <location filename="../../ui/panels/scaling_chart.py" line="78" />
            <source>memory bandwidth</source>
            <translation>Speicherbandbreite</translation>
        </message>
        <message>
            <location filename="../../ui/panels/scaling_chart.py" line="432" />
            <source>met from {gpus} GPUs in this range (filled points)</source>
            <translation>erfüllt ab {gpus} GPUs in diesem Bereich (gefüllte Punkte)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/scaling_chart.py" line="427" />
            <source>misses the target</source>
            <translation>verfehlt das Ziel</translation>
        </message>
        <message>
            <location filename="../../ui/panels/scaling_chart.py" line="435" />
            <source>no count in this range meets it</source>
            <translation>keine Anzahl in diesem Bereich erfüllt es</translation>
        </message>
        <message>
            <location filename="../../ui/panels/scaling_chart.py" line="425" />
            <source>no target</source>
            <translation>kein Ziel</translation>
        </message>
        <message>
            <location filename="../../ui/panels/scaling_chart.py" line="175" />
            <location filename="../../ui/panels/scaling_chart.py" line="379" />
            <source>plan {value}</source>
            <translation>Plan {value}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/scaling_chart.py" line="81" />
            <source>power</source>
            <translation>Strom</translation>
        </message>
        <message>
            <location filename="../../ui/panels/scaling_chart.py" line="81" />
            <source>storage</source>
            <translation>Speicher</translation>
        </message>
        <message>
            <location filename="../../ui/panels/scaling_chart.py" line="368" />
            <source>target {value}</source>
            <translation>Ziel {value}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/scaling_chart.py" line="60" />
            <source>tok/s/user</source>
            <translation>tok/s/Nutzer</translation>
        </message>
    </context>
    <context>
        <name>ScalingSection</name>
        <message>
            <location filename="../../ui/panels/scaling_chart.py" line="590" />
            <source>No scaling chart: {reason}</source>
            <translation>Kein Skalierungsdiagramm: {reason}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/scaling_chart.py" line="547" />
            <source>Sizing the workload at other GPU counts…</source>
            <translation>Die Arbeitslast wird für andere GPU-Anzahlen dimensioniert…</translation>
        </message>
        <message>
            <location filename="../../ui/panels/scaling_chart.py" line="539" />
            <source>Storage targets do not scale with the GPU count: no scaling chart.</source>
            <translation>Storage-Ziele skalieren nicht mit der GPU-Anzahl: kein Skalierungsdiagramm.</translation>
        </message>
        <message>
            <location filename="../../ui/panels/scaling_chart.py" line="541" />
            <source>This kind has no scaling chart: its verdict names the GPUs or CPU servers that would meet it.</source>
            <translation>Diese Art hat kein Skalierungsdiagramm: ihr Urteil nennt die GPUs oder CPU-Server, die es erfüllen würden.</translation>
        </message>
        <message>
            <location filename="../../ui/panels/scaling_chart.py" line="545" />
            <source>Updating…</source>
            <translation>Wird aktualisiert…</translation>
        </message>
    </context>
    <context>
        <name>SettingsDialog</name>
        <message>
            <location filename="../../ui/settings.py" line="341" />
            <source>Dark</source>
            <translation>Dunkel</translation>
        </message>
        <message>
            <location filename="../../ui/settings.py" line="350" />
            <source>Display</source>
            <translation>Anzeige</translation>
        </message>
        <message>
            <location filename="../../ui/settings.py" line="357" />
            <source>Engine thresholds</source>
            <translation>Schwellwerte der Berechnung</translation>
        </message>
        <message>
            <location filename="../../ui/settings.py" line="340" />
            <location filename="../../ui/settings.py" line="346" />
            <source>Follow the system</source>
            <translation>Wie das System</translation>
        </message>
        <message>
            <location filename="../../ui/settings.py" line="336" />
            <source>Imperial (ft, in, lb, BTU/h, CFM, °F)</source>
            <translation>Angloamerikanisch (ft, in, lb, BTU/h, CFM, °F)</translation>
        </message>
        <message>
            <location filename="../../ui/settings.py" line="354" />
            <source>Language (after a restart)</source>
            <translation>Sprache (nach Neustart)</translation>
        </message>
        <message>
            <location filename="../../ui/settings.py" line="340" />
            <source>Light</source>
            <translation>Hell</translation>
        </message>
        <message>
            <location filename="../../ui/settings.py" line="335" />
            <source>Metric (m, mm, kg, kW, m³/h, °C)</source>
            <translation>Metrisch (m, mm, kg, kW, m³/h, °C)</translation>
        </message>
        <message>
            <location filename="../../ui/settings.py" line="331" />
            <source>Settings</source>
            <translation>Einstellungen</translation>
        </message>
        <message>
            <location filename="../../ui/settings.py" line="349" />
            <source>Takes effect when Rackwright is started again.</source>
            <translation>Wird beim nächsten Start von Rackwright wirksam.</translation>
        </message>
        <message>
            <location filename="../../ui/settings.py" line="353" />
            <source>Theme</source>
            <translation>Farbschema</translation>
        </message>
        <message>
            <location filename="../../ui/settings.py" line="352" />
            <source>Units</source>
            <translation>Einheiten</translation>
        </message>
    </context>
    <context>
        <name>SizingWizard</name>
        <message>
            <location filename="../../ui/design/wizard.py" line="1393" />
            <source>Create Plan</source>
            <translation>Plan erstellen</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="1382" />
            <source>New from Workload</source>
            <translation>Neu aus Arbeitslast</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="1382" />
            <source>Size This Workload</source>
            <translation>Diese Arbeitslast dimensionieren</translation>
        </message>
    </context>
    <context>
        <name>TablesExporter</name>
        <message>
            <location filename="../../ui/exports/export_tables.py" line="89" />
            <source>An export is already running.</source>
            <translation>Ein Export läuft bereits.</translation>
        </message>
        <message>
            <location filename="../../ui/exports/export_tables.py" line="92" />
            <source>Cancel</source>
            <translation>Abbrechen</translation>
        </message>
        <message>
            <location filename="../../ui/exports/export_tables.py" line="92" />
            <source>Cancelling…</source>
            <translation>Wird abgebrochen…</translation>
        </message>
        <message>
            <location filename="../../ui/exports/export_tables.py" line="88" />
            <location filename="../../ui/exports/export_tables.py" line="134" />
            <source>Cannot export tables</source>
            <translation>Tabellen können nicht exportiert werden</translation>
        </message>
        <message>
            <location filename="../../ui/exports/export_tables.py" line="45" />
            <source>Excel workbooks (*.xlsx);;All files (*)</source>
            <translation>Excel-Arbeitsmappen (*.xlsx);;Alle Dateien (*)</translation>
        </message>
        <message>
            <location filename="../../ui/exports/export_tables.py" line="88" />
            <source>Export tables</source>
            <translation>Tabellen exportieren</translation>
        </message>
        <message>
            <location filename="../../ui/exports/export_tables.py" line="53" />
            <source>Export tables (CSV): choose a folder</source>
            <translation>Tabellen exportieren (CSV): Ordner wählen</translation>
        </message>
        <message>
            <location filename="../../ui/exports/export_tables.py" line="44" />
            <source>Export workbook (Excel)</source>
            <translation>Arbeitsmappe exportieren (Excel)</translation>
        </message>
        <message>
            <location filename="../../ui/exports/export_tables.py" line="90" />
            <source>Exporting the tables to {name}…</source>
            <translation>Tabellen werden nach {name} exportiert…</translation>
        </message>
        <message>
            <location filename="../../ui/exports/export_tables.py" line="91" />
            <source>Table export cancelled; nothing was written</source>
            <translation>Tabellenexport abgebrochen; nichts wurde geschrieben</translation>
        </message>
        <message>
            <location filename="../../ui/exports/export_tables.py" line="91" />
            <source>Table export failed</source>
            <translation>Tabellenexport fehlgeschlagen</translation>
        </message>
        <message>
            <location filename="../../ui/exports/export_tables.py" line="156" />
            <source>The tables could not be made.

{error}</source>
            <translation>Die Tabellen konnten nicht erstellt werden.

{error}</translation>
        </message>
        <message>
            <location filename="../../ui/exports/export_tables.py" line="148" />
            <source>Workbook written: {path}</source>
            <translation>Arbeitsmappe geschrieben: {path}</translation>
        </message>
        <message>
            <location filename="../../ui/exports/export_tables.py" line="90" />
            <source>Writing the tables: {stage}…</source>
            <translation>Tabellen werden geschrieben: {stage}…</translation>
        </message>
        <message>
            <location filename="../../ui/exports/export_tables.py" line="89" />
            <source>Writing the tables…</source>
            <translation>Tabellen werden geschrieben…</translation>
        </message>
        <message>
            <location filename="../../ui/exports/export_tables.py" line="149" />
            <source>{count} CSV files written to {folder}</source>
            <translation>{count} CSV-Dateien nach {folder} geschrieben</translation>
        </message>
        <message>
            <location filename="../../ui/exports/export_tables.py" line="135" />
            <source>{path} is a file; the CSV tables are written into a folder.</source>
            <translation>{path} ist eine Datei; die CSV-Tabellen werden in einen Ordner geschrieben.</translation>
        </message>
    </context>
    <context>
        <name>Thumbnail</name>
        <message>
            <location filename="../../ui/design/thumbnail.py" line="108" />
            <source>no prices (incomplete)</source>
            <translation>keine Preise (unvollständig)</translation>
        </message>
        <message>
            <location filename="../../ui/design/thumbnail.py" line="115" />
            <source>{gpus} GPUs · {racks} racks · IT {it} · capex {capex}</source>
            <translation>{gpus} GPUs · {racks} Racks · IT {it} · Investitionskosten {capex}</translation>
        </message>
        <message>
            <location filename="../../ui/design/thumbnail.py" line="112" />
            <source>{money} (incomplete)</source>
            <translation>{money} (unvollständig)</translation>
        </message>
    </context>
    <context>
        <name>TotalsPanel</name>
        <message numerus="yes">
            <location filename="../../ui/panels/totals.py" line="319" />
            <source>%n error(s)</source>
            <translation>
                <numerusform>%n Fehler</numerusform>
                <numerusform>%n Fehler</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../../ui/panels/totals.py" line="366" />
            <source>%n feed(s)</source>
            <translation>
                <numerusform>%n Einspeisung</numerusform>
                <numerusform>%n Einspeisungen</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../../ui/panels/totals.py" line="402" />
            <source>%n loop(s)</source>
            <translation>
                <numerusform>%n Kreislauf</numerusform>
                <numerusform>%n Kreisläufe</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../../ui/panels/totals.py" line="572" />
            <source>%n rack domain(s), {complete} complete, {tbs} TB/s per GPU</source>
            <translation>
                <numerusform>%n Rack-Domäne, {complete} vollständig, {tbs} TB/s pro GPU</numerusform>
                <numerusform>%n Rack-Domänen, {complete} vollständig, {tbs} TB/s pro GPU</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../../ui/panels/totals.py" line="318" />
            <source>%n rack(s)</source>
            <translation>
                <numerusform>%n Rack</numerusform>
                <numerusform>%n Racks</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../../ui/panels/totals.py" line="387" />
            <source>%n rack(s) near capacity</source>
            <translation>
                <numerusform>%n Rack nahe der Kapazität</numerusform>
                <numerusform>%n Racks nahe der Kapazität</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../../ui/panels/totals.py" line="385" />
            <source>%n rack(s) over capacity</source>
            <translation>
                <numerusform>%n Rack über der Kapazität</numerusform>
                <numerusform>%n Racks über der Kapazität</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../../ui/panels/totals.py" line="318" />
            <source>%n room(s)</source>
            <translation>
                <numerusform>%n Raum</numerusform>
                <numerusform>%n Räumen</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../../ui/panels/totals.py" line="580" />
            <source>%n server(s) with NVLink-bridged GPU pairs</source>
            <translation>
                <numerusform>%n Server mit per NVLink-Bridge gekoppelten GPU-Paaren</numerusform>
                <numerusform>%n Server mit per NVLink-Bridge gekoppelten GPU-Paaren</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../../ui/panels/totals.py" line="582" />
            <source>%n server(s) with a GPU-to-GPU link</source>
            <translation>
                <numerusform>%n Server mit GPU-zu-GPU-Verbindung</numerusform>
                <numerusform>%n Server mit GPU-zu-GPU-Verbindung</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../../ui/panels/totals.py" line="578" />
            <source>%n server(s) with an in-server Infinity Fabric domain</source>
            <translation>
                <numerusform>%n Server mit Infinity-Fabric-Domäne im Server</numerusform>
                <numerusform>%n Server mit Infinity-Fabric-Domäne im Server</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../../ui/panels/totals.py" line="576" />
            <source>%n server(s) with an in-server NVSwitch domain</source>
            <translation>
                <numerusform>%n Server mit NVSwitch-Domäne im Server</numerusform>
                <numerusform>%n Server mit NVSwitch-Domäne im Server</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../../ui/panels/totals.py" line="320" />
            <source>%n warning(s)</source>
            <translation>
                <numerusform>%n Warnung</numerusform>
                <numerusform>%n Warnungen</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="127" />
            <source>Air / liquid flow</source>
            <translation>Luftmenge / Durchfluss</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="343" />
            <source>BF16 dense · FP8 {fp8} PFLOPS</source>
            <translation>BF16 dicht · FP8 {fp8} PFLOPS</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="206" />
            <source>Bill of materials and prices…</source>
            <translation>Stückliste und Preise…</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="129" />
            <source>CO₂</source>
            <translation>CO₂</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="122" />
            <source>Compute</source>
            <translation>Rechenleistung</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="126" />
            <source>Cooling</source>
            <translation>Kühlung</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="131" />
            <source>Cost</source>
            <translation>Kosten</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="122" />
            <source>Dense compute</source>
            <translation>Dichte FLOPS</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="476" />
            <location filename="../../ui/panels/totals.py" line="481" />
            <source>ERF {erf} %</source>
            <translation>ERF {erf} %</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="128" />
            <source>Energy</source>
            <translation>Energie</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="129" />
            <source>Energy Efficiency Act</source>
            <translation>Energieeffizienzgesetz</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="131" />
            <source>Energy per year</source>
            <translation>Energie pro Jahr</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="128" />
            <source>Energy use</source>
            <translation>Energiebedarf</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="125" />
            <source>Facility (PUE)</source>
            <translation>Gebäude (PUE)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="130" />
            <source>Floor load</source>
            <translation>Bodenlast</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="122" />
            <source>GPU memory</source>
            <translation>GPU-Speicher</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="122" />
            <source>GPUs</source>
            <translation>GPUs</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="341" />
            <source>HBM bandwidth {bw} TB/s</source>
            <translation>HBM-Bandbreite {bw} TB/s</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="337" />
            <source>HBM {bw} TB/s · workloads need {need}</source>
            <translation>HBM {bw} TB/s · Bedarf {need}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="131" />
            <source>Hardware</source>
            <translation>Hardware</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="126" />
            <source>Heat</source>
            <translation>Wärmelast</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="124" />
            <source>IT load</source>
            <translation>IT-Last</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="560" />
            <source>Infinity Fabric domains</source>
            <translation>Infinity-Fabric-Domänen</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="448" />
            <source>Items without a price or an exchange rate are not in this figure: the capex is understated.</source>
            <translation>Positionen ohne Preis oder Wechselkurs fehlen in dieser Zahl: die Investitionskosten sind zu niedrig angegeben.</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="126" />
            <source>Liquid loops</source>
            <translation>Kühlkreisläufe</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="123" />
            <location filename="../../ui/panels/totals.py" line="562" />
            <source>NVLink domains</source>
            <translation>NVLink-Domänen</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="147" />
            <source>No results yet</source>
            <translation>Noch keine Ergebnisse</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="307" />
            <source>No results yet: the engine has not run on this plan.</source>
            <translation>Noch keine Ergebnisse: die Berechnung ist für diesen Plan noch nicht gelaufen.</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="124" />
            <source>Power</source>
            <translation>Strom</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="124" />
            <source>Power feeds</source>
            <translation>Einspeisungen</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="126" />
            <source>Rack cooling</source>
            <translation>Rack-Kühlung</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="131" />
            <source>Rent or own</source>
            <translation>Mieten oder kaufen</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="128" />
            <source>Reusable waste heat</source>
            <translation>Nutzbare Abwärme</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="561" />
            <source>Scale-up domains</source>
            <translation>Scale-up-Domänen</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="130" />
            <source>Space and weight</source>
            <translation>Fläche und Gewicht</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="130" />
            <source>Weight</source>
            <translation>Gewicht</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="369" />
            <source>add power feeds to check capacity and A/B redundancy</source>
            <translation>Einspeisungen anlegen, um Kapazität und A/B-Redundanz zu prüfen</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="412" />
            <source>air · {flow} l/min coolant</source>
            <translation>Luft · {flow} l/min Kühlmittel</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="524" />
            <source>break-even {months} months</source>
            <translation>Amortisation nach {months} Monaten</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="528" />
            <source>break-even {months} months ⚠</source>
            <translation>Amortisation nach {months} Monaten ⚠</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="389" />
            <source>every rack within capacity</source>
            <translation>jedes Rack innerhalb der Kapazität</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="505" />
            <source>every threshold met</source>
            <translation>alle Grenzwerte erfüllt</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="464" />
            <source>facility · IT {it} MWh · PUE {pue}</source>
            <translation>Rechenzentrum · IT {it} MWh · PUE {pue}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="498" />
            <source>for sites in Germany (Plan &gt; Plan Settings &gt; Energy)</source>
            <translation>für Standorte in Deutschland (Plan &gt; Planeinstellungen &gt; Energie)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="355" />
            <source>fullest rack {rack} at {pct}</source>
            <translation>vollstes Rack {rack} bei {pct}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="390" />
            <source>fullest rack {rack} · {state}</source>
            <translation>vollstes Rack {rack} · {state}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="421" />
            <source>heaviest rack {rack} at {pct} of its rating</source>
            <translation>schwerstes Rack {rack} bei {pct} seiner Traglast</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="440" />
            <source>incomplete: no exchange rate for {currencies} (Plan &gt; Plan Settings)</source>
            <translation>unvollständig: kein Wechselkurs für {currencies} (Plan &gt; Planeinstellungen)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="443" />
            <source>incomplete: some items have no price in the catalog</source>
            <translation>unvollständig: einige Positionen haben keinen Preis im Katalog</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="569" />
            <source>largest {n} GPUs (in one {model})</source>
            <translation>größte {n} GPUs (in einem {model})</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="568" />
            <source>largest {n} GPUs ({name})</source>
            <translation>größte {n} GPUs ({name})</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="376" />
            <source>liquid {liquid}, air {air}</source>
            <translation>Flüssigkeit {liquid}, Luft {air}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="438" />
            <source>list/estimate prices from the catalog</source>
            <translation>Listen-/Schätzpreise aus dem Katalog</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="349" />
            <source>max · typical {typical} · idle {idle}</source>
            <translation>maximal · typisch {typical} · Leerlauf {idle}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="405" />
            <source>no CDU loops in this plan</source>
            <translation>keine CDU-Kreisläufe in diesem Plan</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="332" />
            <source>no GPU servers placed</source>
            <translation>keine GPU-Server platziert</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="512" />
            <source>no GPUs in this plan</source>
            <translation>keine GPUs in diesem Plan</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="564" />
            <source>no GPUs with a GPU-to-GPU link (NVLink, Infinity Fabric) placed</source>
            <translation>keine GPUs mit GPU-zu-GPU-Verbindung (NVLink, Infinity Fabric) platziert</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="369" />
            <source>no feeds</source>
            <translation>keine Einspeisungen</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="479" />
            <source>no liquid-cooled heat</source>
            <translation>keine flüssigkeitsgekühlte Wärme</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="444" />
            <source>no prices</source>
            <translation>keine Preise</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="393" />
            <location filename="../../ui/panels/totals.py" line="429" />
            <source>no racks</source>
            <translation>keine Racks</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="495" />
            <source>no site country or grid factor (Plan &gt; Plan Settings &gt; Energy)</source>
            <translation>kein Land des Standorts und kein Emissionsfaktor (Plan &gt; Planeinstellungen &gt; Energie)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="405" />
            <location filename="../../ui/panels/totals.py" line="482" />
            <location filename="../../ui/panels/totals.py" line="564" />
            <source>none</source>
            <translation>keine</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="500" />
            <source>not applicable</source>
            <translation>nicht anwendbar</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="498" />
            <source>not checked</source>
            <translation>nicht geprüft</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="518" />
            <source>not costed</source>
            <translation>nicht berechnet</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="505" />
            <source>not met: {list}</source>
            <translation>nicht erfüllt: {list}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="426" />
            <source>of the room's floor rating under rack {rack}</source>
            <translation>der Bodenbelastbarkeit des Raums unter Rack {rack}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="535" />
            <source>own {own}/year vs rent {rent}/year ({gpus} GPUs at {price} {cur}/GPU-hour, {source}); break-even utilisation {util}</source>
            <translation>kaufen {own}/Jahr gegenüber mieten {rent}/Jahr ({gpus} GPUs zu {price} {cur}/GPU-Stunde, {source}); Auslastung an der Gewinnschwelle {util}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="518" />
            <source>own {own}/year; renting not costed: {reason}</source>
            <translation>kaufen {own}/Jahr; Mieten nicht berechnet: {reason}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="484" />
            <source>plan</source>
            <translation>Plan</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="531" />
            <source>price set in this plan</source>
            <translation>Preis in diesem Plan gesetzt</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="353" />
            <source>rack {rack} has load but no power capacity yet</source>
            <translation>Rack {rack} hat Last, aber noch keine Stromkapazität</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="522" />
            <source>renting cheaper</source>
            <translation>Mieten günstiger</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="371" />
            <source>typical × PUE {pue} · max {max}</source>
            <translation>typisch × PUE {pue} · maximal {max}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="467" />
            <source>water {m3} m³/year (WUE {wue} l/kWh)</source>
            <translation>Wasser {m3} m³/Jahr (WUE {wue} l/kWh)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="364" />
            <source>worst feed {feed} ({side}): {load} of {cap} derated</source>
            <translation>ungünstigste Einspeisung {feed} ({side}): {load} von {cap} gemindert</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="360" />
            <source>worst feed {feed} ({side}): {load} of {cap} derated with side {failed} failed</source>
            <translation>ungünstigste Einspeisung {feed} ({side}): {load} von {cap} gemindert bei Ausfall von Seite {failed}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="400" />
            <source>worst loop {loop}: {load} of {cap} (facility water)</source>
            <translation>ungünstigster Kreislauf {loop}: {load} von {cap} (Gebäudewasser)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="397" />
            <source>worst loop {loop}: {load} of {cap} ({n} × CDU)</source>
            <translation>ungünstigster Kreislauf {loop}: {load} von {cap} ({n} × CDU)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="410" />
            <source>{air} m³/h air · {flow} l/min coolant</source>
            <translation>{air} m³/h Luft · {flow} l/min Kühlmittel</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="446" />
            <source>{amount} INCOMPLETE</source>
            <translation>{amount} UNVOLLSTÄNDIG</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="379" />
            <source>{btu} BTU/h · {tons} tons</source>
            <translation>{btu} BTU/h · {tons} tons</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="435" />
            <source>{estimated} of it planning estimates, not quotes</source>
            <translation>davon {estimated} Planungsschätzungen, keine Angebote</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="485" />
            <source>{g} g CO₂/kWh ({source})</source>
            <translation>{g} g CO₂/kWh ({source})</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="490" />
            <source>{g} g per million tokens</source>
            <translation>{g} g je Million Tokens</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="500" />
            <source>{kw} kW with cooling, below {scope} kW</source>
            <translation>{kw} kW mit Kühlung, unter {scope} kW</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="473" />
            <source>{loop} {supply}/{ret} °C</source>
            <translation>{loop} {supply}/{ret} °C</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="506" />
            <source>{met} of {n} met</source>
            <translation>{met} von {n} erfüllt</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="329" />
            <source>{models} · workloads need {n}</source>
            <translation>{models} · Bedarf {n}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="451" />
            <source>{mwh} MWh at {price} {cur}/kWh</source>
            <translation>{mwh} MWh zu {price} {cur}/kWh</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="469" />
            <location filename="../../ui/panels/totals.py" line="472" />
            <source>{mwh} MWh/year</source>
            <translation>{mwh} MWh/Jahr</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="532" />
            <source>{offer}, {basis} {date}</source>
            <translation>{offer}, {basis} {date}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="487" />
            <source>{pct} % renewable</source>
            <translation>{pct} % erneuerbar</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="317" />
            <source>{racks} in {rooms} · {errors}, {warnings}</source>
            <translation>{racks} in {rooms} · {errors}, {warnings}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="493" />
            <source>{t} t/year</source>
            <translation>{t} t/Jahr</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="418" />
            <source>{used} U used, {free} U free</source>
            <translation>{used} HE belegt, {free} HE frei</translation>
        </message>
        <message>
            <location filename="../../ui/panels/totals.py" line="541" />
            <source>⚠ capex incomplete: owning is understated and the break-even too early</source>
            <translation>⚠ Investitionskosten unvollständig: Kaufen ist zu niedrig angesetzt, die Amortisation zu früh</translation>
        </message>
    </context>
    <context>
        <name>UtilBar</name>
        <message>
            <location filename="../../ui/panels/totals.py" line="90" />
            <source>{0} % of capacity</source>
            <translation>{0} % der Kapazität</translation>
        </message>
    </context>
    <context>
        <name>Wizard</name>
        <message>
            <location filename="../../ui/design/wizard.py" line="754" />
            <source>1 month</source>
            <translation>1 Monat</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="722" />
            <source>Air</source>
            <translation>Luft</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="105" />
            <source>Air (hot/cold aisle containment)</source>
            <translation>Luft (Warmgang-/Kaltgang-Einhausung)</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="685" />
            <source>Bottleneck</source>
            <translation>Engpass</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="697" />
            <source>Break-even</source>
            <translation>Amortisation</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="1092" />
            <source>Break-even from an incomplete capex: the items without a price are left out, so owning pays off later than this:
{items}</source>
            <translation>Amortisation aus unvollständigen Investitionskosten: Die Positionen ohne Preis fehlen, der Kauf amortisiert sich also später:
{items}</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="693" />
            <location filename="../../ui/design/wizard.py" line="718" />
            <source>Capex</source>
            <translation>Investitionskosten</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="1099" />
            <source>Capex incomplete: these items have no price in {currency} and are left out:
{items}</source>
            <translation>Investitionskosten unvollständig: Diese Positionen haben keinen Preis in {currency} und fehlen:
{items}</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="705" />
            <source>Capex plus running cost over the years of use</source>
            <translation>Investitionskosten plus laufende Kosten über die Nutzungsjahre</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="690" />
            <source>Cooling</source>
            <translation>Kühlung</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="701" />
            <source>Cost / M tok</source>
            <translation>Kosten / Mio. Tok.</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="708" />
            <source>Cost per million tokens served, in the plan currency (capex share over the years of use and energy at the plan's electricity price)</source>
            <translation>Kosten je Million ausgelieferter Tokens in der Planwährung (Anteil der Investitionskosten über die Nutzungsjahre und Energie zum Strompreis des Plans)</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="1089" />
            <source>Cost per token from an incomplete capex ({basis}): a lower bound</source>
            <translation>Kosten je Token aus unvollständigen Investitionskosten ({basis}): eine Untergrenze</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="698" />
            <source>Days to train</source>
            <translation>Tage Training</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="106" />
            <source>Direct liquid cooling (CDU)</source>
            <translation>Direkte Flüssigkeitskühlung (CDU)</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="1103" />
            <source>Estimated by the search; the plan it writes is priced when you create it</source>
            <translation>Von der Suche geschätzt; der Plan wird beim Erstellen bepreist</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="692" />
            <source>Facility kW</source>
            <translation>Gebäude-kW</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="1096" />
            <source>From an incomplete capex (support is a share of it): a lower bound:
{items}</source>
            <translation>Aus unvollständigen Investitionskosten (der Support ist ein Anteil davon): eine Untergrenze:
{items}</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="686" />
            <source>GPUs</source>
            <translation>GPUs</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="704" />
            <source>How far the tightest workload is past its target (negative: short of it)</source>
            <translation>Wie weit die knappste Arbeitslast über ihrem Ziel liegt (negativ: darunter)</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="691" />
            <location filename="../../ui/design/wizard.py" line="719" />
            <source>IT kW</source>
            <translation>IT-kW</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="711" />
            <source>IT load times PUE</source>
            <translation>IT-Last mal PUE</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="106" />
            <location filename="../../ui/design/wizard.py" line="722" />
            <source>Immersion</source>
            <translation>Immersionskühlung</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="722" />
            <source>Liquid (DLC)</source>
            <translation>Flüssigkeit (DLC)</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="684" />
            <location filename="../../ui/design/wizard.py" line="720" />
            <source>Margin</source>
            <translation>Spielraum</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="683" />
            <source>Meets</source>
            <translation>Erfüllt</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="713" />
            <source>Months after which owning has cost less than renting (capex paid up front)</source>
            <translation>Monate, nach denen Kaufen weniger gekostet hat als Mieten (Investitionskosten vorab bezahlt)</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="806" />
            <source>No storage system in this build.</source>
            <translation>Dieser Aufbau hat kein Speichersystem.</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="805" />
            <source>No storage system in this build: {why}</source>
            <translation>Dieser Aufbau hat kein Speichersystem: {why}</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="694" />
            <source>Opex / year</source>
            <translation>Betriebskosten / Jahr</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="689" />
            <location filename="../../ui/design/wizard.py" line="720" />
            <source>Racks</source>
            <translation>Racks</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="718" />
            <source>Ranking</source>
            <translation>Rangfolge</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="722" />
            <source>Rear door</source>
            <translation>Rückkühltür</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="105" />
            <source>Rear-door heat exchangers</source>
            <translation>Rückkühltüren</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="696" />
            <source>Rent / year</source>
            <translation>Miete / Jahr</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="687" />
            <source>Servers</source>
            <translation>Server</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="688" />
            <source>Storage</source>
            <translation>Speicher</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="700" />
            <source>TTFT (s)</source>
            <translation>TTFT (s)</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="712" />
            <source>The same GPUs rented at the catalog's indicative cloud price per GPU-hour</source>
            <translation>Dieselben GPUs gemietet, zum Richtpreis des Katalogs pro GPU-Stunde</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="658" />
            <source>Tick at least one way of cooling the racks.</source>
            <translation>Mindestens eine Kühlungsart für die Racks anhaken.</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="707" />
            <source>Time to first token, seconds</source>
            <translation>Zeit bis zum ersten Token, Sekunden</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="699" />
            <source>Tok/s per user</source>
            <translation>Tok/s pro Nutzer</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="706" />
            <source>Tokens per second each user gets</source>
            <translation>Tokens pro Sekunde, die jeder Nutzer erhält</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="695" />
            <location filename="../../ui/design/wizard.py" line="719" />
            <source>Total cost</source>
            <translation>Gesamtkosten</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="636" />
            <source>a percentage from 0 to 100</source>
            <translation>ein Prozentwert von 0 bis 100</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="814" />
            <source>met</source>
            <translation>erfüllt</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="813" />
            <source>met within the model's uncertainty</source>
            <translation>im Rahmen der Modellunsicherheit erfüllt</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="448" />
            <source>no limit</source>
            <translation>keine Grenze</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="730" />
            <source>no storage</source>
            <translation>kein Speicher</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="814" />
            <source>not met</source>
            <translation>nicht erfüllt</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="1062" />
            <source>{currency} / M tok</source>
            <translation>{currency} / Mio. Tok.</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="653" />
            <source>{date} is not a date (e.g. {example})</source>
            <translation>{date} ist kein Datum (z. B. {example})</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="771" />
            <source>{money} ⚠ incomplete</source>
            <translation>{money} ⚠ unvollständig</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="755" />
            <source>{months} months</source>
            <translation>{months} Monate</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="816" />
            <source>{name}: {met}, margin {margin}, limited by {bottleneck}</source>
            <translation>{name}: {met}, Spielraum {margin}, begrenzt durch {bottleneck}</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="802" />
            <source>{n} × {name}: weights, checkpoints and logs</source>
            <translation>{n} × {name}: Modellgewichte, Checkpoints und Logs</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="757" />
            <location filename="../../ui/design/wizard.py" line="762" />
            <location filename="../../ui/design/wizard.py" line="773" />
            <source>{value} ⚠</source>
            <translation>{value} ⚠</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="769" />
            <source>≈ {money}</source>
            <translation>≈ {money}</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="737" />
            <source>⚠ meets, within the model's uncertainty</source>
            <translation>⚠ erfüllt, im Rahmen der Modellunsicherheit</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="738" />
            <source>✔ meets</source>
            <translation>✔ erfüllt</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="738" />
            <source>✘ does not meet</source>
            <translation>✘ erfüllt nicht</translation>
        </message>
    </context>
    <context>
        <name>Workloads</name>
        <message>
            <location filename="../../ui/panels/workloads.py" line="338" />
            <source>  (asked {users})</source>
            <translation>  (gefragt: {users})</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="334" />
            <location filename="../../ui/panels/workloads.py" line="355" />
            <location filename="../../ui/panels/workloads.py" line="395" />
            <location filename="../../ui/panels/workloads.py" line="399" />
            <source>  (target {tgt})</source>
            <translation>  (Ziel {tgt})</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="336" />
            <source>  (target {tt} s)</source>
            <translation>  (Ziel {tt} s)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="391" />
            <source> (CPU servers)</source>
            <translation> (CPU-Server)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="351" />
            <source> (energy {cost})</source>
            <translation> (Energie {cost})</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="355" />
            <source> days</source>
            <translation> Tage</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="401" />
            <source> h</source>
            <translation> h</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="394" />
            <source> min</source>
            <translation> min</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="358" />
            <location filename="../../ui/panels/workloads.py" line="404" />
            <source> of {capacity}</source>
            <translation> von {capacity}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="365" />
            <source> on {gpus} × {gpu}</source>
            <translation> auf {gpus} × {gpu}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="398" />
            <source> samples/s</source>
            <translation> Samples/s</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="299" />
            <source> · CPU is enough</source>
            <translation> · CPU reicht</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="343" />
            <source> · KV cache {size}</source>
            <translation> · KV-Cache {size}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="368" />
            <source>, written in {time}</source>
            <translation>, geschrieben in {time}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="131" />
            <location filename="../../ui/panels/workloads.py" line="366" />
            <source>Activation recompute</source>
            <translation>Aktivierungs-Neuberechnung</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="156" />
            <source>Algorithm</source>
            <translation>Algorithmus</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="116" />
            <source>Analytics</source>
            <translation>Analytik</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="100" />
            <source>Analytics (gradient-boosted trees)</source>
            <translation>Analytik (Gradient-Boosting-Bäume)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="143" />
            <source>Attention data parallel (MoE)</source>
            <translation>Attention-Datenparallelität (MoE)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="409" />
            <location filename="../../ui/panels/workloads.py" line="413" />
            <source>CPU is enough</source>
            <translation>CPU reicht</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="367" />
            <source>Checkpoint</source>
            <translation>Checkpoint</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="146" />
            <source>Checkpoint every (min)</source>
            <translation>Checkpoint alle (min)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="371" />
            <source>Checkpoint size</source>
            <translation>Checkpoint-Größe</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="145" />
            <source>Checkpoint size (GB)</source>
            <translation>Checkpoint-Größe (GB)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="373" />
            <source>Checkpoint write</source>
            <translation>Checkpoint schreiben</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="92" />
            <source>Checkpoint {model}</source>
            <translation>Checkpoint {model}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="158" />
            <source>Columns per row</source>
            <translation>Spalten je Zeile</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="135" />
            <source>Concurrent users</source>
            <translation>Gleichzeitige Nutzer</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="129" />
            <source>Context parallel</source>
            <translation>Kontextparallel</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="350" />
            <source>Cost per million tokens</source>
            <translation>Kosten pro Million Tokens</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="148" />
            <source>Dataset read (GB/s)</source>
            <translation>Datensatz lesen (GB/s)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="155" />
            <source>Embedding dimension</source>
            <translation>Embedding-Dimension</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="153" />
            <source>Embedding precision</source>
            <translation>Embedding-Genauigkeit</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="154" />
            <source>Embedding rows</source>
            <translation>Embedding-Zeilen</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="403" />
            <source>Embedding tables</source>
            <translation>Embedding-Tabellen</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="352" />
            <source>Energy per token</source>
            <translation>Energie pro Token</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="142" />
            <source>Expert parallel (MoE)</source>
            <translation>Expertenparallelität (MoE)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="83" />
            <source>Fine-tune {model} (LoRA)</source>
            <translation>Feintuning {model} (LoRA)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="86" />
            <source>Fine-tune {model} (QLoRA)</source>
            <translation>Feintuning {model} (QLoRA)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="80" />
            <source>Fine-tune {model} (full)</source>
            <translation>Feintuning {model} (vollständig)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="111" />
            <source>Fine-tuning</source>
            <translation>Feintuning</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="81" />
            <source>Fine-tuning (LoRA)</source>
            <translation>Feintuning (LoRA)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="84" />
            <source>Fine-tuning (QLoRA)</source>
            <translation>Feintuning (QLoRA)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="78" />
            <source>Fine-tuning (full)</source>
            <translation>Feintuning (vollständig)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="207" />
            <source>GPU memory</source>
            <translation>GPU-Speicher</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="356" />
            <source>GPU-hours</source>
            <translation>GPU-Stunden</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="382" />
            <source>GPUs that would meet it</source>
            <translation>GPUs, die es erfüllen würden</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="126" />
            <source>Global batch (tokens)</source>
            <translation>Globale Batch-Größe (Tokens)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="151" />
            <source>Images to train on</source>
            <translation>Trainingsbilder</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="112" />
            <source>Inference</source>
            <translation>Inferenz</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="149" />
            <source>Inference or training</source>
            <translation>Inferenz oder Training</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="87" />
            <source>Inference serving</source>
            <translation>Inferenz-Betrieb</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="133" />
            <source>Input tokens</source>
            <translation>Eingabe-Tokens</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="132" />
            <source>KV-cache precision</source>
            <translation>KV-Cache-Genauigkeit</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="547" />
            <source>Key figure</source>
            <translation>Kennzahl</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="340" />
            <location filename="../../ui/panels/workloads.py" line="363" />
            <source>Layout</source>
            <translation>Aufteilung</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="547" />
            <source>Limited by</source>
            <translation>Begrenzt durch</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="193" />
            <source>LoRA</source>
            <translation>LoRA</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="121" />
            <source>LoRA rank</source>
            <translation>LoRA-Rang</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="180" />
            <location filename="../../ui/panels/workloads.py" line="181" />
            <source>MLPerf's DLRM-dcnv2</source>
            <translation>DLRM-dcnv2 aus MLPerf</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="357" />
            <source>Memory per GPU</source>
            <translation>Speicher pro GPU</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="278" />
            <source>Met within the model's uncertainty · margin {margin} · limited by {bn}</source>
            <translation>Im Rahmen der Modellunsicherheit erfüllt · Spielraum {margin} · begrenzt durch {bn}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="281" />
            <source>Met · margin {margin} · limited by {bn}</source>
            <translation>Erfüllt · Spielraum {margin} · begrenzt durch {bn}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="120" />
            <source>Method</source>
            <translation>Methode</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="119" />
            <source>Model</source>
            <translation>Modell</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="270" />
            <source>No verdict yet</source>
            <translation>Noch kein Ergebnis</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="272" />
            <source>Not evaluated</source>
            <translation>Nicht bewertet</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="284" />
            <source>Not met · margin {margin} · limited by {bn}</source>
            <translation>Nicht erfüllt · Spielraum {margin} · begrenzt durch {bn}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="283" />
            <source>Not met · the {bn} of its servers fails</source>
            <translation>Nicht erfüllt · {bn} der Server reicht nicht</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="134" />
            <source>Output tokens</source>
            <translation>Ausgabe-Tokens</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="141" />
            <source>Output-length spread (std. dev. / mean)</source>
            <translation>Streuung der Ausgabelänge (Std.-abw. / Mittel)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="144" />
            <source>PCIe switch between GPUs</source>
            <translation>PCIe-Switch zwischen den GPUs</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="128" />
            <source>Pipeline parallel</source>
            <translation>Pipeline-Parallelität</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="77" />
            <source>Pre-train {model}</source>
            <translation>Pre-Training {model}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="76" />
            <location filename="../../ui/panels/workloads.py" line="110" />
            <source>Pre-training</source>
            <translation>Vortraining</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="124" />
            <source>Precision</source>
            <translation>Genauigkeit</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="194" />
            <source>QLoRA</source>
            <translation>QLoRA</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="99" />
            <source>Recommend with {model}</source>
            <translation>Empfehlungen mit {model}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="115" />
            <source>Recommendation</source>
            <translation>Empfehlung</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="97" />
            <source>Recommendation (DLRM)</source>
            <translation>Empfehlung (DLRM)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="391" />
            <source>Runs on</source>
            <translation>Läuft auf</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="196" />
            <source>SGLang</source>
            <translation>SGLang</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="140" />
            <source>Scheduler limit (sequences per replica)</source>
            <translation>Scheduler-Grenze (Sequenzen je Replikat)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="125" />
            <source>Sequence length</source>
            <translation>Sequenzlänge</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="89" />
            <source>Serve {model}</source>
            <translation>Bereitstellung {model}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="138" />
            <source>Serving stack</source>
            <translation>Serving-Stack</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="275" />
            <source>Sized (no target) · limited by {bn}</source>
            <translation>Dimensioniert (ohne Ziel) · begrenzt durch {bn}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="139" />
            <source>Software generation (year)</source>
            <translation>Softwarestand (Jahr)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="113" />
            <source>Storage</source>
            <translation>Speicher</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="90" />
            <source>Storage (checkpoints, dataset)</source>
            <translation>Speicher (Checkpoints, Datensatz)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="378" />
            <source>Storage read</source>
            <translation>Speicher lesen</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="377" />
            <source>Storage write</source>
            <translation>Speicher schreiben</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="339" />
            <source>System throughput</source>
            <translation>Systemdurchsatz</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="340" />
            <source>TP {tp} × {replicas} replicas on {gpus} × {gpu}</source>
            <translation>TP {tp} × {replicas} Replikate auf {gpus} × {gpu}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="123" />
            <source>Target duration (days)</source>
            <translation>Zieldauer (Tage)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="152" />
            <source>Target duration (hours)</source>
            <translation>Zieldauer (Stunden)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="161" />
            <source>Target duration (minutes)</source>
            <translation>Zieldauer (Minuten)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="150" />
            <source>Target samples/s</source>
            <translation>Ziel Samples/s</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="137" />
            <source>Target time to first token (s)</source>
            <translation>Ziel-Zeit bis zum ersten Token (s)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="136" />
            <source>Target tokens/s per user</source>
            <translation>Ziel-Tokens/s pro Nutzer</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="127" />
            <source>Tensor parallel</source>
            <translation>Tensor-Parallelität</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="195" />
            <source>TensorRT-LLM</source>
            <translation>TensorRT-LLM</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="359" />
            <location filename="../../ui/panels/workloads.py" line="398" />
            <source>Throughput</source>
            <translation>Durchsatz</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="376" />
            <source>Time spent checkpointing</source>
            <translation>Zeit für Checkpoints</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="336" />
            <source>Time to first token</source>
            <translation>Zeit bis zum ersten Token</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="355" />
            <location filename="../../ui/panels/workloads.py" line="401" />
            <source>Time to train</source>
            <translation>Trainingsdauer</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="333" />
            <source>Tokens/s per user</source>
            <translation>Tokens/s pro Nutzer</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="101" />
            <source>Train gradient-boosted trees</source>
            <translation>Gradient-Boosting-Bäume trainieren</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="157" />
            <source>Training rows</source>
            <translation>Trainingszeilen</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="394" />
            <source>Training time</source>
            <translation>Trainingsdauer</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="122" />
            <source>Training tokens</source>
            <translation>Trainings-Tokens</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="160" />
            <source>Tree depth</source>
            <translation>Baumtiefe</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="159" />
            <source>Trees (boosting rounds)</source>
            <translation>Bäume (Boosting-Runden)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="406" />
            <source>Units that would meet it</source>
            <translation>Einheiten, die es erfüllen würden</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="337" />
            <source>Users that fit</source>
            <translation>Passende Nutzer</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="546" />
            <source>Verdict</source>
            <translation>Ergebnis</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="114" />
            <source>Vision</source>
            <translation>Bildverarbeitung</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="94" />
            <source>Vision (image classification, object detection)</source>
            <translation>Bildverarbeitung (Klassifikation, Objekterkennung)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="96" />
            <source>Vision {model}</source>
            <translation>Bildverarbeitung {model}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="342" />
            <source>Weights per GPU</source>
            <translation>Gewichte pro GPU</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="546" />
            <source>Workload</source>
            <translation>Arbeitslast</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="147" />
            <source>Write checkpoint within (s)</source>
            <translation>Checkpoint schreiben innerhalb (s)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="203" />
            <source>XGBoost (hist)</source>
            <translation>XGBoost (hist)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="130" />
            <source>ZeRO stage</source>
            <translation>ZeRO-Stufe</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="170" />
            <source>as weights</source>
            <translation>wie Gewichte</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="165" />
            <location filename="../../ui/panels/workloads.py" line="166" />
            <location filename="../../ui/panels/workloads.py" line="168" />
            <source>auto</source>
            <translation>automatisch</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="169" />
            <source>automatic: fastest that fits</source>
            <translation>automatisch: die schnellste, die passt</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="314" />
            <source>checkpoint in {s} s</source>
            <translation>Checkpoint in {s} s</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="209" />
            <source>compute</source>
            <translation>Rechenleistung</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="213" />
            <source>cooling</source>
            <translation>Kühlung</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="310" />
            <source>does not fit in GPU memory</source>
            <translation>passt nicht in den GPU-Speicher</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="202" />
            <source>fp4 (NVFP4 on Blackwell)</source>
            <translation>fp4 (NVFP4 auf Blackwell)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="174" />
            <source>from the model</source>
            <translation>aus dem Modell</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="200" />
            <source>full (every layer)</source>
            <translation>vollständig (jede Schicht)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="193" />
            <source>full fine-tuning</source>
            <translation>vollständiges Feintuning</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="421" />
            <source>full, {k} of {n} layers per stage</source>
            <translation>vollständig, {k} von {n} Schichten je Stufe</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="201" />
            <source>inference</source>
            <translation>Inferenz</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="210" />
            <source>interconnect</source>
            <translation>Interconnect</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="214" />
            <source>memory</source>
            <translation>Arbeitsspeicher</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="208" />
            <source>memory bandwidth</source>
            <translation>Speicherbandbreite</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="197" />
            <source>no</source>
            <translation>nein</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="177" />
            <source>no checkpoint target</source>
            <translation>kein Checkpoint-Ziel</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="182" />
            <source>no dataset target</source>
            <translation>kein Datensatz-Ziel</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="411" />
            <source>no price</source>
            <translation>kein Preis</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="172" />
            <location filename="../../ui/panels/workloads.py" line="173" />
            <location filename="../../ui/panels/workloads.py" line="179" />
            <source>no target</source>
            <translation>kein Ziel</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="171" />
            <location filename="../../ui/panels/workloads.py" line="178" />
            <source>no target (size only)</source>
            <translation>kein Ziel (nur dimensionieren)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="413" />
            <source>no: {why}</source>
            <translation>nein: {why}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="175" />
            <location filename="../../ui/panels/workloads.py" line="198" />
            <source>none</source>
            <translation>keine</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="176" />
            <source>not set</source>
            <translation>nicht gesetzt</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="212" />
            <source>power</source>
            <translation>Strom</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="315" />
            <source>read {rate} GB/s</source>
            <translation>Lesen {rate} GB/s</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="199" />
            <source>selective (attention core)</source>
            <translation>selektiv (Attention-Kern)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="167" />
            <source>stack default</source>
            <translation>Vorgabe des Stacks</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="211" />
            <source>storage</source>
            <translation>Speicher</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="201" />
            <source>training</source>
            <translation>Training</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="195" />
            <source>vLLM</source>
            <translation>vLLM</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="197" />
            <source>yes</source>
            <translation>ja</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="348" />
            <source>{cost} ⚠ capex incomplete ({basis})</source>
            <translation>{cost} ⚠ Investitionskosten unvollständig ({basis})</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="311" />
            <source>{days} days · {hours} GPU-h</source>
            <translation>{days} Tage · {hours} GPU-h</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="303" />
            <source>{h} h of training</source>
            <translation>{h} h Training</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="301" />
            <source>{min} min</source>
            <translation>{min} min</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="390" />
            <source>{n} × {hw}</source>
            <translation>{n} × {hw}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="409" />
            <source>{n} × {server}, {capex}</source>
            <translation>{n} × {server}, {capex}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="306" />
            <source>{tps} tok/s/user · TTFT {ttft} s</source>
            <translation>{tps} tok/s/Nutzer · TTFT {ttft} s</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="304" />
            <source>{x} samples/s</source>
            <translation>{x} Samples/s</translation>
        </message>
    </context>
    <context>
        <name>WorkloadsPage</name>
        <message>
            <location filename="../../ui/design/wizard.py" line="177" />
            <source>Add target</source>
            <translation>Ziel hinzufügen</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="273" />
            <source>Kind</source>
            <translation>Art</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="272" />
            <source>Name</source>
            <translation>Name</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="180" />
            <source>Remove</source>
            <translation>Entfernen</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="169" />
            <source>What the build has to do: train, fine-tune or serve a model. Add one target or several; each is a plan workload and is attached to the plan made.</source>
            <translation>Was der Aufbau leisten muss: ein Modell trainieren, feintunen oder betreiben. Ein Ziel oder mehrere hinzufügen; jedes wird eine Arbeitslast des Plans und dem erzeugten Plan zugeordnet.</translation>
        </message>
        <message>
            <location filename="../../ui/design/wizard.py" line="168" />
            <source>Workloads</source>
            <translation>Arbeitslasten</translation>
        </message>
    </context>
    <context>
        <name>WorkloadsPanel</name>
        <message>
            <location filename="../../ui/panels/workloads.py" line="562" />
            <source>Add a workload target: training, fine-tuning, inference serving or storage</source>
            <translation>Ein Arbeitslast-Ziel hinzufügen: Training, Feintuning, Inferenz oder Speicher</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="560" />
            <source>Add target</source>
            <translation>Ziel hinzufügen</translation>
        </message>
        <message numerus="yes">
            <location filename="../../ui/panels/workloads.py" line="1248" />
            <source>Cannot delete {name}: %n workload(s) run on it ({who}). Set “Runs on” to another group or the whole plan first.</source>
            <translation>
                <numerusform>{name} kann nicht gelöscht werden: %n Arbeitslast läuft darauf ({who}). Zuerst „Läuft auf“ auf eine andere Gruppe oder den ganzen Plan setzen.</numerusform>
                <numerusform>{name} kann nicht gelöscht werden: %n Arbeitslasten laufen darauf ({who}). Zuerst „Läuft auf“ auf eine andere Gruppe oder den ganzen Plan setzen.</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="1252" />
            <source>Cannot delete {name}: {reason}</source>
            <translation>{name} kann nicht gelöscht werden: {reason}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="1229" />
            <source>Cannot rename {name}: {reason}</source>
            <translation>{name} kann nicht umbenannt werden: {reason}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="603" />
            <source>Delete</source>
            <translation>Löschen</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="605" />
            <source>Delete the server group chosen on the left (undoable); not while a workload runs on it</source>
            <translation>Die links gewählte Servergruppe löschen (rückgängig machbar); nicht, solange eine Arbeitslast darauf läuft</translation>
        </message>
        <message numerus="yes">
            <location filename="../../ui/panels/workloads.py" line="1268" />
            <source>Group %n server(s)</source>
            <translation>
                <numerusform>%n Server gruppieren</numerusform>
                <numerusform>%n Server gruppieren</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../../ui/panels/workloads.py" line="1267" />
            <source>Group %n server(s) for {name}</source>
            <translation>
                <numerusform>%n Server für {name} gruppieren</numerusform>
                <numerusform>%n Server für {name} gruppieren</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="577" />
            <source>Group from selection</source>
            <translation>Gruppe aus Auswahl</translation>
        </message>
        <message numerus="yes">
            <location filename="../../ui/panels/workloads.py" line="1276" />
            <source>Group of %n server(s) created</source>
            <translation>
                <numerusform>Gruppe aus %n Server angelegt</numerusform>
                <numerusform>Gruppe aus %n Servern angelegt</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../../ui/panels/workloads.py" line="1275" />
            <source>Group of %n server(s) created; {name} runs on it</source>
            <translation>
                <numerusform>Gruppe aus %n Server angelegt; {name} läuft darauf</numerusform>
                <numerusform>Gruppe aus %n Servern angelegt; {name} läuft darauf</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="981" />
            <source>Growth phase</source>
            <translation>Ausbaustufe</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="970" />
            <source>Kind</source>
            <translation>Art</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="578" />
            <source>Make a server group of the GPU servers selected in the racks or on the floor (servers of selected racks count too) and run the current workload on it</source>
            <translation>Aus den in den Racks oder im Raumplan gewählten GPU-Servern eine Servergruppe bilden (Server gewählter Racks zählen mit) und die aktuelle Arbeitslast darauf laufen lassen</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="917" />
            <source>NOT MET · {bn}</source>
            <translation>NICHT ERFÜLLT · {bn}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="920" />
            <source>NOT MET · {margin}</source>
            <translation>NICHT ERFÜLLT · {margin}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="969" />
            <source>Name</source>
            <translation>Name</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="1222" />
            <source>New name for {name}:</source>
            <translation>Neuer Name für {name}:</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="635" />
            <source>No workload targets yet. Add one (training, fine-tuning, inference or storage) to see whether this build meets it.</source>
            <translation>Noch keine Arbeitslast-Ziele. Eines hinzufügen (Training, Feintuning, Inferenz oder Speicher), um zu sehen, ob dieser Aufbau es erfüllt.</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="566" />
            <source>Remove</source>
            <translation>Entfernen</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="567" />
            <source>Remove the selected workload target (undoable)</source>
            <translation>Das gewählte Arbeitslast-Ziel entfernen (rückgängig machbar)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="1221" />
            <source>Rename server group</source>
            <translation>Servergruppe umbenennen</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="601" />
            <source>Rename the server group chosen on the left (undoable)</source>
            <translation>Die links gewählte Servergruppe umbenennen (rückgängig machbar)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="599" />
            <source>Rename…</source>
            <translation>Umbenennen…</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="971" />
            <source>Runs on</source>
            <translation>Läuft auf</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="1263" />
            <source>Select GPU servers (or their racks) in the rack view or the floor plan first</source>
            <translation>Zuerst GPU-Server (oder ihre Racks) in der Rackansicht oder im Raumplan auswählen</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="608" />
            <source>Server groups</source>
            <translation>Servergruppen</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="1269" />
            <source>Servers {names}</source>
            <translation>Server {names}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="570" />
            <source>Size a Build…</source>
            <translation>Aufbau dimensionieren…</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="572" />
            <source>Size this workload for me: compare the builds that meet the selected target and open the chosen one as a new plan</source>
            <translation>Diese Arbeitslast für mich dimensionieren: die Aufbauten vergleichen, die das gewählte Ziel erfüllen, und den gewählten als neuen Plan öffnen</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="976" />
            <source>The growth phase whose target this is: it is checked in that phase and every later one, not in the phases before</source>
            <translation>Die Ausbaustufe, deren Ziel dies ist: geprüft in dieser Stufe und jeder späteren, nicht in den Stufen davor</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="1086" />
            <source>The model's median error on published runs of this kind (docs/validation.md)</source>
            <translation>Der mittlere Fehler des Modells gegenüber veröffentlichten Läufen dieser Art (docs/validation.md)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="597" />
            <source>The plan's server groups (a workload can run on one)</source>
            <translation>Die Servergruppen des Plans (eine Arbeitslast kann auf einer laufen)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="1083" />
            <source>Uncertainty</source>
            <translation>Unsicherheit</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="1013" />
            <source>Whole plan (every GPU server)</source>
            <translation>Ganzer Plan (jeder GPU-Server)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="920" />
            <source>met · {margin}</source>
            <translation>erfüllt · {margin}</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="913" />
            <source>not evaluated</source>
            <translation>nicht bewertet</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="915" />
            <source>sized (no target)</source>
            <translation>ausgelegt (ohne Ziel)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="925" />
            <source>waiting for the engine</source>
            <translation>wartet auf die Berechnung</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="908" />
            <source>whole plan</source>
            <translation>ganzer Plan</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="909" />
            <source>{kind} · runs on {where}</source>
            <translation>{kind} · läuft auf {where}</translation>
        </message>
        <message numerus="yes">
            <location filename="../../ui/panels/workloads.py" line="1247" />
            <source>{names} and %n more</source>
            <translation>
                <numerusform>{names} und %n weitere</numerusform>
                <numerusform>{names} und %n weitere</numerusform>
            </translation>
        </message>
        <message numerus="yes">
            <location filename="../../ui/panels/workloads.py" line="1189" />
            <source>{name} (%n server(s))</source>
            <translation>
                <numerusform>{name} (%n Server)</numerusform>
                <numerusform>{name} (%n Server)</numerusform>
            </translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="1020" />
            <source>{phase} (not named: the first)</source>
            <translation>{phase} (nicht angegeben: die erste)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="1085" />
            <source>±{pct} %</source>
            <translation>±{pct} %</translation>
        </message>
    </context>
    <context>
        <name>_Field</name>
        <message>
            <location filename="../../ui/panels/workloads.py" line="442" />
            <source>not set</source>
            <translation>nicht gesetzt</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="516" />
            <source>{count} tokens</source>
            <translation>{count} Tokens</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="490" />
            <source>{name} ({params} parameters)</source>
            <translation>{name} ({params} Parameter)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/workloads.py" line="501" />
            <source>{value} (not in catalog)</source>
            <translation>{value} (nicht im Katalog)</translation>
        </message>
    </context>
    <context>
        <name>_RackBars</name>
        <message>
            <location filename="../../ui/panels/charts.py" line="126" />
            <source>No rack figures yet</source>
            <translation>Noch keine Rack-Werte</translation>
        </message>
    </context>
    <context>
        <name>_WorkloadMargins</name>
        <message>
            <location filename="../../ui/panels/charts.py" line="264" />
            <source>No workload targets in this plan (add one in the Workloads panel to see margins)</source>
            <translation>Keine Arbeitslast-Ziele in diesem Plan (eines im Bereich Arbeitslasten hinzufügen, um Spielräume zu sehen)</translation>
        </message>
        <message>
            <location filename="../../ui/panels/charts.py" line="254" />
            <source>achieved / target (%)</source>
            <translation>erreicht / Ziel (%)</translation>
        </message>
    </context>
</TS>
