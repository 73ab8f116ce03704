advancement revoke @s only monopoli:press/naughty
advancement revoke @s only monopoli:press/nice
advancement revoke @s only monopoli:press/crate
advancement revoke @s only monopoli:press/jar
