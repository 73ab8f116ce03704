data modify storage monopoli:bridge pos append value {}
data modify storage monopoli:bridge pos[-1].uuid set from entity @s UUID
data modify storage monopoli:bridge pos[-1].at set from entity @s Pos
