import sys

from rackwright.entry import main

sys.exit(main())
