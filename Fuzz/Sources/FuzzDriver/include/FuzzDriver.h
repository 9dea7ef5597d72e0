// Nothing to include: the driver only defines entry points (see FuzzDriver.c).
