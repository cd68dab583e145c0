"""NetBox in and out (docs/netbox.md).

- :mod:`planner.netbox.importer`: NetBox device-, module- and rack-type YAML into the
  user catalog (``rackwright catalog import-netbox``);
- :mod:`planner.netbox.export`: a plan as NetBox bulk-import CSV files plus the device
  types it uses (``rackwright export PLAN --format netbox``);
- :mod:`planner.netbox.site`: a NetBox site export (racks, devices, device types CSV)
  as a new plan (brownfield: ``rackwright import-netbox-site``);
- :mod:`planner.netbox.schema`: NetBox's rules for the YAML files.
"""
